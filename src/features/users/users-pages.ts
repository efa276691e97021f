/**
 * The users pages (spec 1 §2): the list, the add page and the edit page load as one chunk, since they share their
 * frame, their calls and the user form. Each chunk a page shares with another is named in the console's entry, which
 * the sign-in page loads (its size budget, bench/size.ts), so the users area adds no chunk there; the move
 * dialog with its user picker loads when first opened.
 */
export { UserListPage } from './user-list-page.tsx';
export { UserAddPage } from './user-add-page.tsx';
export { UserEditPage } from './user-edit-page.tsx';

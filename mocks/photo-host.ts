/**
 * The mock stack's photo host (spec 1 §7: "Photos load from a server host plus a relative path"): the mock API serves
 * the dealership requests' files below this path (mocks/areas/dealer-requests.ts), and the console's local
 * configuration names it as `photoBaseUrl` (mocks/console-config.ts), so a relative photo path the mock answers loads
 * through the console's own origin.
 */
export const MOCK_PHOTO_PATH = '/__mock-files/';

/** `photoBaseUrl` of the mock stack's console: the photo host behind the console's `/api` proxy. */
export const MOCK_PHOTO_BASE_URL = `/api${MOCK_PHOTO_PATH}`;

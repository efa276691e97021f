import { lazy, Suspense, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { signOut } from '../../lib/session/sign-out.ts';
import { paths } from '../../lib/routing/paths.ts';
import { useFrameControl } from './frame-state.ts';

type Dialog = 'password' | 'coupon' | null;

// The dialogs load when first opened: every signed-in page carries the header, few open its dialogs.
const ChangePasswordDialog = lazy(() =>
  import('../../features/account/change-password-dialog.tsx').then((m) => ({ default: m.ChangePasswordDialog })),
);
const RedeemCouponDialog = lazy(() =>
  import('../../features/account/redeem-coupon-dialog.tsx').then((m) => ({ default: m.RedeemCouponDialog })),
);

/** The header menu: profile, change password (dialog), redeem coupon (dialog), sign out. */
export function AccountMenu({ userName }: { userName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Open or not is the frame's, not this instance's (frame-state.ts); the menu hangs from this instance's button.
  const [menuOpen, setMenuOpen] = useFrameControl('accountMenu');
  const button = useRef<HTMLButtonElement>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  // A dialog, once opened, stays mounted so it can close with its transition.
  const [opened, setOpened] = useState<ReadonlySet<Exclude<Dialog, null>>>(new Set());
  const show = (which: Exclude<Dialog, null>) => {
    setOpened((current) => (current.has(which) ? current : new Set([...current, which])));
    setDialog(which);
  };
  const open = () => setMenuOpen(true);
  const close = () => setMenuOpen(false);
  const choose = (action: () => void) => () => {
    close();
    action();
  };
  return (
    <>
      <Button
        ref={button}
        color="inherit"
        startIcon={<AccountCircleIcon />}
        onClick={open}
        aria-haspopup="menu"
        aria-expanded={menuOpen ? 'true' : undefined}
        aria-controls={menuOpen ? 'account-menu' : undefined}
        aria-label={`${t('layout.account')}: ${userName}`}
        // On a phone only the icon shows; the button's label still names the user.
        sx={(theme) => ({
          textTransform: 'none',
          [theme.breakpoints.down('sm')]: { minWidth: 40, '& .MuiButton-startIcon': { mx: 0 } },
        })}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {userName}
        </Box>
      </Button>
      <Menu id="account-menu" anchorEl={() => button.current!} open={menuOpen} onClose={close}>
        <MenuItem onClick={choose(() => void navigate({ to: paths.profile }))}>{t('layout.profile')}</MenuItem>
        <MenuItem onClick={choose(() => show('password'))}>{t('layout.changePassword')}</MenuItem>
        <MenuItem onClick={choose(() => show('coupon'))}>{t('layout.redeemCoupon')}</MenuItem>
        <MenuItem onClick={choose(() => void signOut())}>{t('layout.signOut')}</MenuItem>
      </Menu>
      <Suspense fallback={null}>
        {opened.has('password') ? (
          <ChangePasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} />
        ) : null}
        {opened.has('coupon') ? (
          <RedeemCouponDialog open={dialog === 'coupon'} onClose={() => setDialog(null)} />
        ) : null}
      </Suspense>
    </>
  );
}

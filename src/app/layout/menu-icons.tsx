import type { SvgIconComponent } from '@mui/icons-material';
import HomeIcon from '@mui/icons-material/Home';
import SecurityIcon from '@mui/icons-material/Security';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import HistoryIcon from '@mui/icons-material/History';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import PeopleIcon from '@mui/icons-material/People';
import SettingsRemoteIcon from '@mui/icons-material/SettingsRemote';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import StorefrontIcon from '@mui/icons-material/Storefront';
import ScienceIcon from '@mui/icons-material/Science';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';

export const MENU_ICONS: Record<string, SvgIconComponent> = {
  home: HomeIcon,
  panels: SecurityIcon,
  subscriptions: CardMembershipIcon,
  history: HistoryIcon,
  help: HelpOutlineIcon,
  users: PeopleIcon,
  panelManagement: SettingsRemoteIcon,
  orders: ReceiptLongIcon,
  dealers: StorefrontIcon,
  tests: ScienceIcon,
  billing: RequestQuoteIcon,
  coupons: LocalOfferIcon,
  firmware: SystemUpdateAltIcon,
  audit: ManageSearchIcon,
};

import type { Role } from '@domain/roles';
import {
  Banknote,
  CreditCard,
  FlaskConical,
  HandCoins,
  History,
  Landmark,
  LayoutDashboard,
  type LucideIcon,
  PlusCircle,
  ScrollText,
  Trophy,
  Users,
} from 'lucide-react';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';

export type NavItem = {
  href: string;
  label: string;
  icon: LucideIcon;
  roles: readonly Role[];
  end?: boolean;
  /** A count shown beside the label (admin only: pending payments). */
  badge?: 'pendingPayments';
};

const STAFF: readonly Role[] = ['admin', 'vendedor'];
const ADMIN: readonly Role[] = ['admin'];
const VENDEDOR: readonly Role[] = ['vendedor'];

/** Dashboard menu; each role sees only what it may open (SPEC 6). */
export const navItems: NavItem[] = [
  {
    href: paths.dashboard.root.getHref(),
    label: texts.dashboardNav.dashboard,
    icon: LayoutDashboard,
    roles: STAFF,
    end: true,
  },
  {
    href: paths.dashboard.create.getHref(),
    label: texts.dashboardNav.create,
    icon: PlusCircle,
    roles: STAFF,
  },
  { href: paths.dashboard.history.getHref(), label: texts.dashboardNav.history, icon: History, roles: STAFF },
  {
    href: paths.dashboard.mySales.getHref(),
    label: texts.dashboardNav.mySales,
    icon: HandCoins,
    roles: VENDEDOR,
  },
  {
    href: paths.dashboard.payments.getHref(),
    label: texts.dashboardNav.payments,
    icon: CreditCard,
    roles: ADMIN,
    badge: 'pendingPayments',
  },
  {
    href: paths.dashboard.reconcile.getHref(),
    label: texts.dashboardNav.reconcile,
    icon: Landmark,
    roles: ADMIN,
  },
  { href: paths.dashboard.rates.getHref(), label: texts.dashboardNav.rates, icon: Banknote, roles: ADMIN },
  { href: paths.dashboard.sellers.getHref(), label: texts.dashboardNav.sellers, icon: Trophy, roles: ADMIN },
  { href: paths.dashboard.users.getHref(), label: texts.dashboardNav.users, icon: Users, roles: ADMIN },
  { href: paths.dashboard.audit.getHref(), label: texts.dashboardNav.audit, icon: ScrollText, roles: ADMIN },
  {
    href: paths.dashboard.testBench.getHref(),
    label: texts.dashboardNav.testBench,
    icon: FlaskConical,
    roles: ADMIN,
  },
];

export const navItemsFor = (role: Role | null | undefined) =>
  role ? navItems.filter((item) => item.roles.includes(role)) : [];

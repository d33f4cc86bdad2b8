// The side menu: every staff route of the route table (spec part 2 §2), grouped as in part 1 §1.
import {
  ActivityLogIcon,
  ArchiveIcon,
  BarChartIcon,
  BellIcon,
  ChatBubbleIcon,
  CheckCircledIcon,
  CheckboxIcon,
  CountdownTimerIcon,
  DashboardIcon,
  EnvelopeClosedIcon,
  FilePlusIcon,
  FileTextIcon,
  GearIcon,
  HomeIcon,
  IdCardIcon,
  LayersIcon,
  Link2Icon,
  LockClosedIcon,
  LoopIcon,
  MinusCircledIcon,
  MixerHorizontalIcon,
  PersonIcon,
  PieChartIcon,
  ReaderIcon,
  RocketIcon,
  SectionIcon,
  TokensIcon,
} from '@radix-ui/react-icons';
import type { ComponentProps, ComponentType } from 'react';

export type NavIcon = ComponentType<ComponentProps<typeof DashboardIcon>>;

export interface NavItem {
  href: string;
  label: string;
  icon: NavIcon;
}

export interface NavGroup {
  id: 'main' | 'cases' | 'finance' | 'legal' | 'system';
  label: string;
  items: NavItem[];
}

export const NAV_GROUPS: NavGroup[] = [
  {
    id: 'main',
    label: 'Huvudmeny',
    items: [
      { href: '/dashboard', label: 'Översikt', icon: DashboardIcon },
      { href: '/messages', label: 'Meddelanden', icon: ChatBubbleIcon },
      { href: '/notifications', label: 'Notifikationer', icon: BellIcon },
    ],
  },
  {
    id: 'cases',
    label: 'Ärendehantering',
    items: [
      { href: '/cases', label: 'Ärenden', icon: FileTextIcon },
      { href: '/cases/create', label: 'Skapa ärende', icon: FilePlusIcon },
      { href: '/customers', label: 'Kunder (Borgenärer)', icon: IdCardIcon },
      { href: '/parties', label: 'Parter (Gäldenärer)', icon: PersonIcon },
      { href: '/communication', label: 'Kommunikation', icon: EnvelopeClosedIcon },
    ],
  },
  {
    id: 'finance',
    label: 'Ekonomi & rapporter',
    items: [
      { href: '/finance', label: 'Ekonomi', icon: BarChartIcon },
      { href: '/payments', label: 'Inbetalningar', icon: TokensIcon },
      { href: '/ledger', label: 'Huvudbok', icon: ReaderIcon },
      { href: '/bank-reconciliation', label: 'Bankavstämning', icon: LoopIcon },
      { href: '/reports', label: 'Rapporter', icon: PieChartIcon },
    ],
  },
  {
    id: 'legal',
    label: 'Juridik & KFM',
    items: [
      { href: '/kfm', label: 'KFM-ärenden', icon: ArchiveIcon },
      { href: '/lawsuits', label: 'Tvistemål', icon: SectionIcon },
    ],
  },
  {
    id: 'system',
    label: 'System',
    items: [
      { href: '/settings/organisation', label: 'Organisation', icon: HomeIcon },
      { href: '/settings/permissions', label: 'Behörigheter', icon: LockClosedIcon },
      { href: '/settings/integrations', label: 'Integrationer', icon: Link2Icon },
      { href: '/settings/templates', label: 'Mallar', icon: LayersIcon },
      { href: '/settings/template-qa', label: 'Mall-QA', icon: CheckCircledIcon },
      { href: '/settings/demo', label: 'Demo', icon: RocketIcon },
      { href: '/settings/rules', label: 'Regelmotor', icon: MixerHorizontalIcon },
      { href: '/settings/data-policy', label: 'Datapolicy', icon: CountdownTimerIcon },
      { href: '/settings/audit-log', label: 'Systemlogg', icon: ActivityLogIcon },
      { href: '/settings/communication', label: 'Kommunikationsinställningar', icon: GearIcon },
      { href: '/settings/opt-out', label: 'Opt-out', icon: MinusCircledIcon },
      { href: '/settings/system-validation', label: 'Systemvalidering', icon: CheckboxIcon },
    ],
  },
];

/**
 * The menu item for a path: the longest href that equals the path or is a parent of it, so
 * /cases/create marks 'Skapa ärende' and /cases/123 marks 'Ärenden'.
 */
export function findActiveNavItem(path: string): { group: NavGroup; item: NavItem } | null {
  let best: { group: NavGroup; item: NavItem } | null = null;
  for (const group of NAV_GROUPS) {
    for (const item of group.items) {
      const matches = path === item.href || path.startsWith(`${item.href}/`);
      if (matches && (!best || item.href.length > best.item.href.length)) best = { group, item };
    }
  }
  return best;
}

/**
 * The accordion group open at first. The spec wants System collapsed and the other groups open,
 * yet also an accordion with one group open at a time; we read it as: the group of the current
 * page is open, otherwise the first group after the main menu (Ärendehantering); System starts
 * collapsed unless a System page is shown.
 */
export function initialOpenGroup(path: string): NavGroup['id'] {
  const active = findActiveNavItem(path);
  return active && active.group.id !== 'main' ? active.group.id : 'cases';
}

// The staff side menu (spec part 1 §2 "Staff shell", §9 constants): 16 rem wide, 3 rem when
// collapsed to icons, a drawer of 18 rem below 768 px; ctrl/meta + b toggles; the state is kept in
// the `sidebar_state` cookie for 7 days.
import { ChevronDownIcon, Cross2Icon, ViewVerticalIcon } from '@radix-ui/react-icons';
import { Badge, Box, Flex, IconButton, ScrollArea, Separator, Text, Tooltip } from '@radix-ui/themes';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useNotifications } from '../api/notifications';
import { formatCount } from '../lib/format';
import { findActiveNavItem, initialOpenGroup, NAV_GROUPS, type NavGroup, type NavItem } from './navigation';
import { OrgSwitcher } from './org-switcher';
import { UserMenu, type AccountDialog } from './user-menu';

const COOKIE_NAME = 'sidebar_state';
const COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
const MOBILE_QUERY = '(max-width: 767px)';

function readSidebarCookie(): boolean {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${COOKIE_NAME}=`));
  return entry ? entry.slice(COOKIE_NAME.length + 1) !== 'false' : true;
}

function subscribeMobile(callback: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', callback);
  return () => query.removeEventListener('change', callback);
}

/** True below the 768 px breakpoint. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribeMobile, () => window.matchMedia(MOBILE_QUERY).matches);
}

interface SidebarContextValue {
  /** Desktop: full width (true) or icons only (false). */
  isExpanded: boolean;
  isMobile: boolean;
  /** Mobile: the drawer is open. */
  isMobileOpen: boolean;
  setMobileOpen(open: boolean): void;
  toggle(): void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [isExpanded, setExpanded] = useState(readSidebarCookie);
  const [isMobileOpen, setMobileOpen] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setMobileOpen((open) => !open);
      return;
    }
    setExpanded((expanded) => {
      const next = !expanded;
      document.cookie = `${COOKIE_NAME}=${next}; path=/; max-age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
      return next;
    });
  }, [isMobile]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const value = useMemo(
    () => ({ isExpanded, isMobile, isMobileOpen: isMobile && isMobileOpen, setMobileOpen, toggle }),
    [isExpanded, isMobile, isMobileOpen, toggle],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return context;
}

/** The button in the top bar that collapses the menu (or opens the drawer on mobile). */
export function SidebarTrigger() {
  const { toggle, isExpanded, isMobile } = useSidebar();
  const label = isMobile ? 'Öppna menyn' : isExpanded ? 'Fäll ihop sidomenyn' : 'Fäll ut sidomenyn';
  return (
    <Tooltip content={`${label} (Ctrl+B)`}>
      <IconButton variant="ghost" color="gray" aria-label={label} onClick={toggle}>
        <ViewVerticalIcon width="18" height="18" />
      </IconButton>
    </Tooltip>
  );
}

export interface SidebarProps {
  onOpenDialog(dialog: AccountDialog): void;
}

/** The menu itself: inline on desktop, a drawer on mobile. */
export function Sidebar({ onOpenDialog }: SidebarProps) {
  const { isExpanded, isMobile, isMobileOpen, setMobileOpen } = useSidebar();
  const [location] = useLocation();

  // Close the drawer on Escape.
  useEffect(() => {
    if (!isMobileOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMobileOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isMobileOpen, setMobileOpen]);

  if (isMobile) {
    return (
      <>
        <div className="sidebar-overlay" data-open={isMobileOpen} onClick={() => setMobileOpen(false)} aria-hidden />
        <aside className="sidebar sidebar-drawer" data-open={isMobileOpen} aria-label="Sidomeny" aria-hidden={!isMobileOpen} inert={!isMobileOpen}>
          <SidebarContent
            path={location}
            isCollapsed={false}
            onNavigate={() => setMobileOpen(false)}
            onOpenDialog={onOpenDialog}
            closeButton={
              <IconButton variant="ghost" color="gray" aria-label="Stäng menyn" onClick={() => setMobileOpen(false)}>
                <Cross2Icon />
              </IconButton>
            }
          />
        </aside>
      </>
    );
  }

  return (
    <aside className="sidebar" data-collapsed={!isExpanded} aria-label="Sidomeny">
      <SidebarContent path={location} isCollapsed={!isExpanded} onOpenDialog={onOpenDialog} />
    </aside>
  );
}

interface SidebarContentProps {
  path: string;
  isCollapsed: boolean;
  onNavigate?: () => void;
  onOpenDialog(dialog: AccountDialog): void;
  closeButton?: ReactNode;
}

function SidebarContent({ path, isCollapsed, onNavigate, onOpenDialog, closeButton }: SidebarContentProps) {
  const active = findActiveNavItem(path);
  const activeGroupId = active?.group.id ?? null;
  const [openGroup, setOpenGroup] = useState<NavGroup['id'] | null>(() => initialOpenGroup(path));
  const [shownActiveGroup, setShownActiveGroup] = useState(activeGroupId);
  const notifications = useNotifications();
  const unreadCount = notifications.data?.unread_count ?? 0;

  // Navigating into another group opens it (adjusting state during render, as React recommends).
  if (activeGroupId !== shownActiveGroup) {
    setShownActiveGroup(activeGroupId);
    if (activeGroupId && activeGroupId !== 'main') setOpenGroup(activeGroupId);
  }

  return (
    <Flex direction="column" height="100%">
      <Flex align="center" justify="between" gap="2" className="sidebar-header">
        <Link href="/dashboard" className="sidebar-brand" aria-label="Fordran – till översikten" onClick={onNavigate}>
          <span className="brand-mark" aria-hidden>
            F
          </span>
          {isCollapsed ? null : (
            <Flex direction="column" className="brand-text">
              <Text size="3" weight="bold" highContrast>
                Fordran
              </Text>
              <Text size="1" color="gray">
                Inkasso & ärendehantering
              </Text>
            </Flex>
          )}
        </Link>
        {closeButton}
      </Flex>
      {isCollapsed ? null : (
        <Box px="3" pb="2">
          <OrgSwitcher />
        </Box>
      )}
      <Separator size="4" />
      <ScrollArea type="hover" scrollbars="vertical" className="sidebar-scroll">
        <nav aria-label="Huvudnavigering" className="sidebar-nav">
          {NAV_GROUPS.map((group, index) => {
            const isAlwaysOpen = group.id === 'main';
            const isOpen = isAlwaysOpen || isCollapsed || openGroup === group.id;
            const listId = `nav-group-${group.id}`;
            return (
              <Box key={group.id} className="nav-group">
                {isCollapsed ? (
                  index > 0 ? (
                    <Separator size="4" my="2" />
                  ) : null
                ) : isAlwaysOpen ? (
                  <Text as="div" size="1" weight="medium" color="gray" className="nav-group-label">
                    {group.label}
                  </Text>
                ) : (
                  <button
                    type="button"
                    className="nav-group-trigger"
                    aria-expanded={isOpen}
                    aria-controls={listId}
                    onClick={() => setOpenGroup(isOpen ? null : group.id)}
                  >
                    <span>{group.label}</span>
                    <ChevronDownIcon className="nav-group-chevron" aria-hidden />
                  </button>
                )}
                {isOpen ? (
                  <ul id={listId} className="nav-list">
                    {group.items.map((item) => (
                      <li key={item.href}>
                        <NavLink
                          item={item}
                          isActive={active?.item.href === item.href}
                          isCollapsed={isCollapsed}
                          count={item.href === '/notifications' ? unreadCount : 0}
                          onNavigate={onNavigate}
                        />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </Box>
            );
          })}
        </nav>
      </ScrollArea>
      <Separator size="4" />
      <Box className="sidebar-footer">
        <UserMenu isCollapsed={isCollapsed} onOpenDialog={onOpenDialog} />
      </Box>
    </Flex>
  );
}

interface NavLinkProps {
  item: NavItem;
  isActive: boolean;
  isCollapsed: boolean;
  count: number;
  onNavigate?: () => void;
}

function NavLink({ item, isActive, isCollapsed, count, onNavigate }: NavLinkProps) {
  const Icon = item.icon;
  const countLabel = count > 99 ? '99+' : formatCount(count);
  const link = (
    <Link
      href={item.href}
      className="nav-item"
      aria-current={isActive ? 'page' : undefined}
      aria-label={isCollapsed ? (count > 0 ? `${item.label} (${count} olästa)` : item.label) : undefined}
      onClick={onNavigate}
    >
      <span className="nav-item-icon" aria-hidden>
        <Icon width="16" height="16" />
        {isCollapsed && count > 0 ? <span className="nav-dot" /> : null}
      </span>
      {isCollapsed ? null : (
        <>
          <span className="nav-item-label">{item.label}</span>
          {count > 0 ? (
            <Badge size="1" color="red" variant="solid" radius="full" aria-label={`${count} olästa`}>
              {countLabel}
            </Badge>
          ) : null}
        </>
      )}
    </Link>
  );
  return isCollapsed ? (
    <Tooltip content={count > 0 ? `${item.label} (${countLabel})` : item.label} side="right">
      {link}
    </Tooltip>
  ) : (
    link
  );
}

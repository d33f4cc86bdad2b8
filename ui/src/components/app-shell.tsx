// The signed-in frame: side menu, top bar, page area, the account dialogs and the live event stream.
import { BellIcon } from '@radix-ui/react-icons';
import { Badge, Box, Flex, IconButton, Separator, Text, Tooltip } from '@radix-ui/themes';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useOrgEvents } from '../api/events';
import { useNotifications } from '../api/notifications';
import { useAuth } from '../lib/auth';
import { MAIN_CONTENT_ID } from '../lib/focus-return';
import { ProfileDialog } from './profile-dialog';
import { SecurityDialog } from './security-dialog';
import { Sidebar, SidebarProvider, SidebarTrigger } from './sidebar';
import type { AccountDialog } from './user-menu';

/**
 * The first stop of the Tab key: past the side menu and top bar to the page itself. It moves
 * focus (not only the scroll position), so the next Tab continues inside the page.
 */
function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="skip-link"
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById(MAIN_CONTENT_ID);
        main?.focus();
        main?.scrollIntoView();
      }}
    >
      Hoppa till innehåll
    </a>
  );
}

export function AppShell({ children }: { children: ReactNode }) {
  const [openDialog, setOpenDialog] = useState<AccountDialog | null>(null);
  const dialogProps = (dialog: AccountDialog) => ({
    open: openDialog === dialog,
    onOpenChange: (open: boolean) => setOpenDialog(open ? dialog : null),
  });
  const { currentOrg } = useAuth();
  useOrgEvents(currentOrg?.org_id ?? null);

  return (
    <SidebarProvider>
      <SkipLink />
      <div className="app-shell">
        <Sidebar onOpenDialog={setOpenDialog} />
        <div className="app-main">
          <TopBar />
          <main className="app-content" id={MAIN_CONTENT_ID} tabIndex={-1}>
            <Box className="page-container">{children}</Box>
          </main>
        </div>
      </div>
      <ProfileDialog {...dialogProps('profile')} />
      <SecurityDialog {...dialogProps('security')} />
    </SidebarProvider>
  );
}

function TopBar() {
  const { currentOrg } = useAuth();
  const unreadCount = useNotifications().data?.unread_count ?? 0;
  const label = unreadCount > 0 ? `Notifikationer (${unreadCount} olästa)` : 'Notifikationer';

  return (
    <header className="app-topbar">
      <Flex align="center" gap="3" minWidth="0">
        <SidebarTrigger />
        <Separator orientation="vertical" size="1" />
        <Text size="2" color="gray" truncate>
          {currentOrg?.org_name ?? 'Ingen organisation vald'}
        </Text>
      </Flex>
      <Tooltip content={label}>
        <IconButton asChild variant="ghost" color="gray" aria-label={label}>
          <Link href="/notifications" className="topbar-bell">
            <BellIcon width="18" height="18" />
            {unreadCount > 0 ? (
              <Badge size="1" color="red" variant="solid" radius="full" className="topbar-bell-badge">
                {unreadCount > 99 ? '99+' : unreadCount}
              </Badge>
            ) : null}
          </Link>
        </IconButton>
      </Tooltip>
    </header>
  );
}

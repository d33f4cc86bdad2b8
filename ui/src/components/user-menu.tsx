import { CaretSortIcon, ExitIcon, LockClosedIcon, Pencil1Icon } from '@radix-ui/react-icons';
import { Avatar, DropdownMenu, Flex, Text } from '@radix-ui/themes';
import { useLocation } from 'wouter';
import { useAuth } from '../lib/auth';
import { initialsOf } from '../lib/format';

/** The display name of the signed-in user, with the spec's fallback 'Användare'. */
export function useDisplayName(): string {
  const { profile } = useAuth();
  return profile?.full_name?.trim() || 'Användare';
}

/** The dialogs the user menu opens. */
export type AccountDialog = 'profile' | 'security';

export interface UserMenuProps {
  isCollapsed: boolean;
  onOpenDialog(dialog: AccountDialog): void;
}

/** The sidebar footer: avatar, name and e-mail, with 'Redigera profil', 'Tvåstegsverifiering' and 'Logga ut'. */
export function UserMenu({ isCollapsed, onOpenDialog }: UserMenuProps) {
  const { profile, user, signOut } = useAuth();
  const [, navigate] = useLocation();
  const name = useDisplayName();
  const email = profile?.email ?? user?.email ?? '';

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <button type="button" className="user-menu-trigger" data-collapsed={isCollapsed} aria-label={`Användarmeny för ${name}`}>
          <Avatar size="2" radius="full" src={profile?.avatar_url ?? undefined} fallback={initialsOf(name)} />
          {isCollapsed ? null : (
            <>
              <Flex direction="column" className="user-menu-text">
                <Text size="2" weight="medium" truncate>
                  {name}
                </Text>
                <Text size="1" color="gray" truncate>
                  {email}
                </Text>
              </Flex>
              <CaretSortIcon className="user-menu-caret" aria-hidden />
            </>
          )}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content side={isCollapsed ? 'right' : 'top'} align="start" className="user-menu-content">
        <DropdownMenu.Label>
          <Text size="1" truncate>
            {email}
          </Text>
        </DropdownMenu.Label>
        <DropdownMenu.Item onSelect={() => onOpenDialog('profile')}>
          <Pencil1Icon /> Redigera profil
        </DropdownMenu.Item>
        <DropdownMenu.Item onSelect={() => onOpenDialog('security')}>
          <LockClosedIcon /> Tvåstegsverifiering
        </DropdownMenu.Item>
        <DropdownMenu.Separator />
        <DropdownMenu.Item
          color="red"
          onSelect={() => {
            void signOut().then(() => navigate('/auth', { replace: true }));
          }}
        >
          <ExitIcon /> Logga ut
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

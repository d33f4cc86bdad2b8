import { Flex, Select, Text } from '@radix-ui/themes';
import { ORG_ROLE_LABELS } from '../api/me';
import { useAuth } from '../lib/auth';

/** The current organisation; a picker when the user belongs to several. */
export function OrgSwitcher() {
  const { memberships, currentOrg, setCurrentOrg } = useAuth();
  if (!currentOrg) return null;

  if (memberships.length < 2) {
    return (
      <Flex direction="column" className="org-single">
        <Text size="1" color="gray">
          Organisation
        </Text>
        <Text size="2" weight="medium" truncate title={currentOrg.org_name}>
          {currentOrg.org_name}
        </Text>
        <Text size="1" color="gray">
          {ORG_ROLE_LABELS[currentOrg.role] ?? currentOrg.role}
        </Text>
      </Flex>
    );
  }

  return (
    <Flex direction="column" gap="1">
      <Flex justify="between" gap="2">
        <Text size="1" color="gray" id="org-switcher-label">
          Organisation
        </Text>
        <Text size="1" color="gray">
          {ORG_ROLE_LABELS[currentOrg.role] ?? currentOrg.role}
        </Text>
      </Flex>
      <Select.Root value={currentOrg.org_id} onValueChange={setCurrentOrg} size="2">
        <Select.Trigger aria-labelledby="org-switcher-label" className="org-switcher-trigger" />
        <Select.Content position="popper">
          {memberships.map((membership) => (
            <Select.Item key={membership.org_id} value={membership.org_id}>
              {membership.org_name}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}

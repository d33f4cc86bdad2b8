import { LockClosedIcon } from '@radix-ui/react-icons';
import { Card } from '@radix-ui/themes';
import { EmptyState } from './empty-state';

/** What a member sees on a page their role may not open (the server would refuse it too). */
export function NoAccess({ description }: { description: string }) {
  return (
    <Card size="2">
      <EmptyState icon={<LockClosedIcon width="22" height="22" />} title="Du saknar behörighet" description={description} />
    </Card>
  );
}

import { ChatBubbleIcon } from '@radix-ui/react-icons';
import { Card } from '@radix-ui/themes';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';

/** /messages: the spec's empty placeholder (part 1 §2). */
export function MessagesPage() {
  return (
    <>
      <PageHeader title="Meddelanden" description="Meddelanden från gäldenärer och borgenärer." />
      <Card size="3">
        <EmptyState icon={<ChatBubbleIcon width="22" height="22" />} title="Inga meddelanden att visa" />
      </Card>
    </>
  );
}

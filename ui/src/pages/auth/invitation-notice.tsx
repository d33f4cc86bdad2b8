// The top of /auth?invitation=<token> before sign-in: which organisation and role the link is for,
// or that it is no longer valid (spec-style text from the API: 'Inbjudan är ogiltig eller har gått ut').
import { CrossCircledIcon, EnvelopeClosedIcon } from '@radix-ui/react-icons';
import { Callout, Skeleton, Text } from '@radix-ui/themes';
import type { SWRResponse } from 'swr';
import type { InvitationPreview } from '../../api/invitations';
import { ORG_ROLE_LABELS } from '../../api/me';
import type { ApiError } from '../../lib/api-client';

export function InvitationNotice({ preview }: { preview: SWRResponse<InvitationPreview, ApiError> }) {
  if (preview.error) {
    return (
      <Callout.Root color="red" variant="surface" mb="4" role="alert">
        <Callout.Icon>
          <CrossCircledIcon />
        </Callout.Icon>
        <Callout.Text>{preview.error.message}</Callout.Text>
      </Callout.Root>
    );
  }
  if (!preview.data) return <Skeleton height="64px" mb="4" />;
  const { org_name, role, email, has_account } = preview.data;
  return (
    <Callout.Root color="indigo" variant="surface" mb="4">
      <Callout.Icon>
        <EnvelopeClosedIcon />
      </Callout.Icon>
      <Callout.Text>
        Du är inbjuden till <strong>{org_name}</strong> som <strong>{ORG_ROLE_LABELS[role]}</strong>.{' '}
        <Text as="span" color="gray">
          {has_account ? `Logga in med ${email} för att gå med.` : `Skapa ett konto med ${email}.`}
        </Text>
      </Callout.Text>
    </Callout.Root>
  );
}

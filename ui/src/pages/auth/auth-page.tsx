// /auth: 'Logga in' and 'Skapa konto' (spec part 1 §2, §5, §8), plus the TOTP step when the
// sign-in answer says mfa_required. With ?invitation=<token> (the link of 'Bjud in') it says which
// organisation and role the invitation is for and opens 'Skapa konto' with the e-mail filled in
// (or 'Logga in' when the address has an account); a signed-in user accepts it instead.
import { Box, Card, Flex, Heading, Tabs, Text } from '@radix-ui/themes';
import { useEffect, useState, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useInvitationPreview } from '../../api/invitations';
import { FullPageLoading } from '../../components/loading-state';
import { useAuth } from '../../lib/auth';
import { AcceptInvitation } from './accept-invitation';
import { InvitationNotice } from './invitation-notice';
import { MfaStep } from './mfa-step';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type AuthTab = 'signin' | 'signup';

export function AuthPage() {
  const { session, needsMfa, loading } = useAuth();
  const [, navigate] = useLocation();
  const invitationToken = new URLSearchParams(useSearch()).get('invitation') || null;
  const preview = useInvitationPreview(invitationToken);
  const invitation = preview.data ?? null;
  const [chosenTab, setTab] = useState<AuthTab | null>(null);
  const tab: AuthTab = chosenTab ?? (invitationToken && !invitation?.has_account ? 'signup' : 'signin');
  const [signInEmail, setSignInEmail] = useState<string | null>(null);
  // Where a finished sign-in goes: back to the invitation to accept it, else the dashboard.
  const afterSignIn = invitationToken ? `/auth?invitation=${encodeURIComponent(invitationToken)}` : '/dashboard';

  useEffect(() => {
    document.title = 'Logga in · Fordran';
  }, []);

  if (loading) return <FullPageLoading />;
  if (session && !needsMfa) {
    if (!invitationToken) return <Redirect to="/dashboard" replace />;
    return (
      <AuthFrame>
        <AcceptInvitation token={invitationToken} />
      </AuthFrame>
    );
  }

  return (
    <AuthFrame>
      {needsMfa ? (
        <MfaStep redirectTo={afterSignIn} />
      ) : (
        <>
          {invitationToken ? <InvitationNotice preview={preview} /> : null}
          <Tabs.Root value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
            <Tabs.List size="2" justify="center">
              <Tabs.Trigger value="signin">Logga in</Tabs.Trigger>
              <Tabs.Trigger value="signup">Skapa konto</Tabs.Trigger>
            </Tabs.List>
            <Box pt="5">
              <Tabs.Content value="signin">
                <SignInForm
                  key={signInEmail ?? invitation?.email ?? ''}
                  initialEmail={signInEmail ?? (invitation?.has_account ? invitation.email : '')}
                  redirectTo={afterSignIn}
                />
              </Tabs.Content>
              <Tabs.Content value="signup">
                <SignUpForm
                  key={invitation?.email ?? ''}
                  invitation={invitation && invitationToken && !invitation.has_account ? { token: invitationToken, email: invitation.email } : null}
                  onCreated={(email) => {
                    setSignInEmail(email);
                    setTab('signin');
                    // The invitation is used up: the member joined with the new account.
                    if (invitationToken) navigate('/auth', { replace: true });
                  }}
                />
              </Tabs.Content>
            </Box>
          </Tabs.Root>
        </>
      )}
    </AuthFrame>
  );
}

function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <Flex className="auth-page" align="center" justify="center" p="4">
      <Box width="100%" maxWidth="420px">
        <Flex direction="column" align="center" gap="2" mb="5">
          <span className="brand-mark brand-mark-large" aria-hidden>
            F
          </span>
          <Heading as="h1" size="7" align="center">
            Fordran
          </Heading>
          <Text size="2" color="gray" align="center">
            Ärendehantering för inkasso
          </Text>
        </Flex>
        <Card size="3" className="auth-card">
          {children}
        </Card>
      </Box>
    </Flex>
  );
}

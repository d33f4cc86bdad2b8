// /auth: 'Logga in' and 'Skapa konto' (spec part 1 §2, §5, §8), plus the TOTP step when the
// sign-in answer says mfa_required.
import { Box, Card, Flex, Heading, Tabs, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { Redirect } from 'wouter';
import { FullPageLoading } from '../../components/loading-state';
import { useAuth } from '../../lib/auth';
import { MfaStep } from './mfa-step';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type AuthTab = 'signin' | 'signup';

export function AuthPage() {
  const { session, needsMfa, loading } = useAuth();
  const [tab, setTab] = useState<AuthTab>('signin');
  const [signInEmail, setSignInEmail] = useState('');

  useEffect(() => {
    document.title = 'Logga in · Fordran';
  }, []);

  if (loading) return <FullPageLoading />;
  if (session && !needsMfa) return <Redirect to="/dashboard" replace />;

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
          {needsMfa ? (
            <MfaStep />
          ) : (
            <Tabs.Root value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
              <Tabs.List size="2" justify="center">
                <Tabs.Trigger value="signin">Logga in</Tabs.Trigger>
                <Tabs.Trigger value="signup">Skapa konto</Tabs.Trigger>
              </Tabs.List>
              <Box pt="5">
                <Tabs.Content value="signin">
                  <SignInForm key={signInEmail} initialEmail={signInEmail} />
                </Tabs.Content>
                <Tabs.Content value="signup">
                  <SignUpForm
                    onCreated={(email) => {
                      setSignInEmail(email);
                      setTab('signin');
                    }}
                  />
                </Tabs.Content>
              </Box>
            </Tabs.Root>
          )}
        </Card>
      </Box>
    </Flex>
  );
}

import { ArrowRightIcon, EnvelopeClosedIcon, FilePlusIcon, IdCardIcon, PersonIcon, PieChartIcon } from '@radix-ui/react-icons';
import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from 'wouter';

const NEXT_STEPS = [
  { href: '/customers', label: 'Lägg till kunder (borgenärer)', icon: IdCardIcon },
  { href: '/parties', label: 'Registrera parter (gäldenärer)', icon: PersonIcon },
  { href: '/cases/create', label: 'Skapa ditt första ärende', icon: FilePlusIcon },
  { href: '/communication', label: 'Skicka kommunikation till gäldenärer', icon: EnvelopeClosedIcon },
  { href: '/reports', label: 'Följ upp i rapporterna', icon: PieChartIcon },
];

export function WelcomeCard({ name }: { name: string }) {
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="1">
        Välkommen till Fordran, {name}
      </Heading>
      <Text as="p" size="2" color="gray" mb="4">
        Här hanterar du borgenärer, gäldenärer, ärenden, kommunikation och inbetalningar. Nästa steg:
      </Text>
      <Flex asChild direction="column" gap="1">
        <ul className="link-list">
          {NEXT_STEPS.map(({ href, label, icon: Icon }) => (
            <li key={href}>
              <Link href={href} className="link-row">
                <Flex align="center" gap="3">
                  <Icon aria-hidden />
                  <Text size="2">{label}</Text>
                </Flex>
                <ArrowRightIcon aria-hidden className="link-row-arrow" />
              </Link>
            </li>
          ))}
        </ul>
      </Flex>
    </Card>
  );
}

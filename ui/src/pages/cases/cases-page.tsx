import { PlusIcon } from '@radix-ui/react-icons';
import { Button } from '@radix-ui/themes';
import { Link } from 'wouter';
import { ComingSoonPage } from '../../components/coming-soon';

/** /cases: the page arrives with its feature; until then it says what it will hold. */
export function CasesPage() {
  return (
    <ComingSoonPage
      title="Ärenden"
      description="Alla inkassoärenden i organisationen."
      actions={
        <Button asChild>
          <Link href="/cases/create">
            <PlusIcon /> Skapa ärende
          </Link>
        </Button>
      }
      features={[
        'Ett kort per ärende med borgenär, gäldenär, status och steg',
        'Öppna ett ärende för att se ekonomi, tidslinje, kommunikation och KFM',
        "Skapa nya ärenden med knappen 'Skapa ärende'",
      ]}
    />
  );
}

import { PlusIcon } from '@radix-ui/react-icons';
import { Button } from '@radix-ui/themes';
import { Link } from 'wouter';
import { ComingSoonPage } from '../../components/coming-soon';

/** /lawsuits: the page arrives with its feature; until then it says what it will hold. */
export function LawsuitsPage() {
  return (
    <ComingSoonPage
      title="Tvistemål"
      description="Mål i domstol: förenklade tvistemål (FT) och ordinära mål (ORD)."
      actions={
        <Button asChild>
          <Link href="/lawsuits/create">
            <PlusIcon /> Ny stämning
          </Link>
        </Button>
      }
      features={[
        'Filter på status och spår (FT – förenklad tvist, ORD – ordinärt mål)',
        'Lista över tvistemål med part, borgenär, domstolsavgift och delgivningsstatus',
        'Öppna ett mål för detaljer eller starta en ny stämning',
      ]}
    />
  );
}

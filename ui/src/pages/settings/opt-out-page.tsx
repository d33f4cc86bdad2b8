import { ComingSoonPage } from '../../components/coming-soon';

/** /settings/opt-out: the page arrives with its feature; until then it says what it will hold. */
export function OptOutPage() {
  return (
    <ComingSoonPage
      title="Opt-out"
      description="Mottagare som har avregistrerat sig från utskick."
      features={['Lista över avregistreringar per kanal och mottagare', 'Återkalla en avregistrering']}
    />
  );
}

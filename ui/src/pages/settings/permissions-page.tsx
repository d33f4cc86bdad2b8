import { ComingSoonPage } from '../../components/coming-soon';

/** /settings/permissions: the page arrives with its feature; until then it says what it will hold. */
export function PermissionsPage() {
  return (
    <ComingSoonPage
      title="Behörigheter"
      description="Användare och roller i organisationen."
      features={[
        'Lista över användare med namn, e-post och roll',
        'Roller: Administratör, Handläggare, Ekonomi, Juridik och Kund',
        'Bjud in nya användare',
      ]}
    />
  );
}

import { ComingSoonPage } from '../../components/coming-soon';

/** /settings/template-qa: the page arrives with its feature; until then it says what it will hold. */
export function TemplateQaPage() {
  return (
    <ComingSoonPage
      title="Mall-QA Sverige"
      description="Kvalitetskontroll av mallbiblioteket."
      features={['Kör ett QA-test som skapar 6 testärenden och renderar mallarna', 'Rapport för varje körning', 'Rensa testdata efteråt']}
    />
  );
}

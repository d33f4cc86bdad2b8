import { ComingSoonPage } from '../../components/coming-soon';

/** /settings/data-policy: the page arrives with its feature; until then it says what it will hold. */
export function DataPolicyPage() {
  return (
    <ComingSoonPage
      title="Datapolicy & Gallring"
      description="Hur personuppgifter sparas och gallras."
      features={['Hur länge uppgifter om ärenden och gäldenärer sparas', 'När och hur uppgifter gallras']}
    />
  );
}

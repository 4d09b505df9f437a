import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../../lib/session';
import { mustAcceptIssuingTerms } from './must-accept';

const IssuingTermsModal = lazy(() =>
  import('./IssuingTermsModal').then((module) => ({ default: module.IssuingTermsModal })),
);

/** Mounts the (lazily loaded) terms modal only for those who must accept, so nobody else downloads it. */
export function IssuingTermsGate() {
  const me = useCurrentUser();
  if (!mustAcceptIssuingTerms(me)) return null;
  return (
    <Suspense fallback={null}>
      <IssuingTermsModal />
    </Suspense>
  );
}

import { useDocumentTitle } from '#web/lib/useDocumentTitle.ts';
import { Benefits } from './Benefits.tsx';
import { ClosingCta } from './ClosingCta.tsx';
import { Faq } from './Faq.tsx';
import { Footer } from './Footer.tsx';
import { Hero } from './Hero.tsx';
import { HowItWorks } from './HowItWorks.tsx';
import { Pricing } from './Pricing.tsx';
import { SiteHeader } from './SiteHeader.tsx';

export const LANDING_TITLE = 'Catamaran: learn a language by reading stories';

/**
 * The landing page (spec/learner.md §2): hero, what acquiring a language takes, how it works, pricing, FAQ and
 * a closing call to action. It stays light on purpose (no Radix overlays), as it is the first page most
 * visitors load.
 */
export function LandingPage() {
  useDocumentTitle(LANDING_TITLE);
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" className="flex-1">
        <Hero />
        <Benefits />
        <HowItWorks />
        <Pricing />
        <Faq />
        <ClosingCta />
      </main>
      <Footer />
    </div>
  );
}

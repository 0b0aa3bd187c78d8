import { Benefits } from '#web/features/landing/Benefits.tsx';
import { ClosingCta } from '#web/features/landing/ClosingCta.tsx';
import { Faq } from '#web/features/landing/Faq.tsx';
import { Footer } from '#web/features/landing/Footer.tsx';
import { Hero } from '#web/features/landing/Hero.tsx';
import { HowItWorks } from '#web/features/landing/HowItWorks.tsx';
import { Pricing } from '#web/features/landing/Pricing.tsx';
import { SiteHeader } from '#web/features/landing/SiteHeader.tsx';
import { useDocumentTitle } from '#web/lib/useDocumentTitle.ts';

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

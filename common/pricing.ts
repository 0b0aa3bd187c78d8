/** The paid plan as the landing page sells it (spec/learner.md §9). */
export const PRO_PLAN = {
  name: 'World Traveler',
  monthlyPriceUsd: 20,
  yearlyPricePerMonthUsd: 15,
  features: [
    'All 14 languages',
    'Hundreds of hours per language',
    'Progressive difficulty levels',
    'New content every week',
    'Mobile and desktop access',
    'Cancel anytime',
  ],
} as const;

/** The two prices of the landing page's toggle; yearly is the toggle's first state. */
export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** The yearly saving against paying monthly, as a whole percentage (25 for $15 against $20). */
export function yearlySavingPercent(): number {
  return Math.round((1 - PRO_PLAN.yearlyPricePerMonthUsd / PRO_PLAN.monthlyPriceUsd) * 100);
}

/** The label of the yearly setting (spec/learner.md §4 and §9). */
export const YEARLY_SAVING_LABEL = 'Save 25%';

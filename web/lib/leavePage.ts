/** Leaves the app for another site (a payment page), as a full navigation. A module of its own so tests can stub it. */
export function leavePage(url: string): void {
  window.location.assign(url);
}

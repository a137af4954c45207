import type { Page } from 'playwright-core';

/** Chooses one of the popup's actions as a user does: "More actions" opens the menu, then the item is clicked. */
export async function chooseAction(popup: Page, action: string): Promise<void> {
  if ((await popup.getAttribute('[data-action="menu"]', 'aria-expanded')) !== 'true') await popup.click('[data-action="menu"]');
  await popup.click(`.menu-list [data-action="${action}"]`);
}

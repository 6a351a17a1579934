// The sign-in screen the build prerenders into index.html (decision 0017) stands in until the app
// shows a screen of its own; it is hidden from the start when the boot script marked it wrong.

const ELEMENT_ID = "signin-prerender";

/** Removes the prerendered sign-in screen, which also shows #root. */
export function dropPrerenderedSignIn(): void {
  document.getElementById(ELEMENT_ID)?.remove();
}

/** At boot: gone at once when the boot script hid it (signed in, or not English). */
export function dropPrerenderedSignInIfHidden(): void {
  if (document.documentElement.getAttribute("data-signin-prerender") === "off") dropPrerenderedSignIn();
}

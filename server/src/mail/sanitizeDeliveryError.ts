// Spec section 8, "E-mail error sanitiser": what an operator sees of a failed delivery.
export function sanitizeDeliveryError(message: string): string {
  const m = message.toLowerCase();
  if (/rate limit|too many/.test(m)) return "Too many requests. Please wait a moment and try again.";
  if (/invalid (e-?mail|recipient|address)|recipient address rejected|mailbox unavailable/.test(m)) return "Invalid email address. Please check and try again.";
  if (/auth|credential|535/.test(m)) return "Email service authentication error. Please contact support.";
  if (/network|timeout|timed out|econnrefused|enotfound|econnreset|socket/.test(m)) return "Network error. Please check your connection and try again.";
  if (message.length > 150) return "Unable to send email. Please try again or contact support if the issue persists.";
  return message;
}

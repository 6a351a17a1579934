/** Release label shown in the header and sent to the server with every call. */
export const APP_VERSION = "25.09.23";
export const CLIENT_HEADER = "Convex-Client";
export const CLIENT_ID = `tumble-web-${APP_VERSION}`;

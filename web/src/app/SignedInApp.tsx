// Zod parses without `new Function` before any schema of the signed-in screens runs.
import "../lib/zodJitless";
// Every Mantine component any screen may use, in Mantine's layer (docs/decisions/0022): a new
// screen needs no stylesheet list of its own.
import "@mantine/core/styles.layer.css";
import { ModalsProvider } from "@mantine/modals";
import { RouterProvider } from "@tanstack/react-router";
import { router } from "./router";

/** The signed-in app: the router, its shell and screens; loaded after sign-in, not with the sign-in screen. */
export default function SignedInApp() {
  return (
    <ModalsProvider modalProps={{ centered: true }}>
      <RouterProvider router={router} />
    </ModalsProvider>
  );
}

import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { session } from "./lib/session.ts";
import { createAppRouter } from "./router.tsx";
import { cssVariablesResolver, theme } from "./theme.ts";

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: (count, err) => count < 2 && !("status" in err) } },
});
const router = createAppRouter({ queryClient, auth: session });

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {/* Spec 003 §9: at most 3 snackbars, 3 s by default, bottom centre. */}
      <Notifications position="bottom-center" limit={3} autoClose={3000} />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

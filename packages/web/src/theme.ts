import { type CSSVariablesResolver, createTheme, darken, luminance } from "@mantine/core";

/**
 * Mantine's default palette puts white text on blue-6 (3.6:1), dimmed gray-6 text on white (3.3:1) and
 * yellow-9 on yellow-1 (2.8:1), below WCAG 2.1 AA. The theme keeps the palette and picks shades and text
 * colours that read at AA (docs/decisions.md, "Accessibility checks"); test/e2e/accessibility.test.ts holds
 * every screen to it.
 */

/** WCAG 2.1 success criterion 1.4.3: 4.5:1 for normal-size text. */
const AA = 4.5;

const contrast = (a: string, b: string) => {
  const [hi = 0, lo = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

/** The colour, darkened just enough to read on the background at AA. */
function readable(color: string, background: string): string {
  let result = color;
  for (let amount = 0.05; contrast(result, background) < AA && amount < 1; amount += 0.05)
    result = darken(color, amount);
  return result;
}

export const theme = createTheme({
  primaryColor: "blue",
  // Filled buttons and links in blue-8: white on it reads at 5:1.
  primaryShade: { light: 8, dark: 8 },
  // Text on a filled colour is black or white, whichever contrasts more: 0.179 is the luminance where the
  // two are equal, so either choice reads at 4.58:1 or better.
  autoContrast: true,
  luminanceThreshold: 0.179,
  defaultRadius: "sm",
  fontFamily: "Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif",
  components: {
    // Spec 000 §2: text inputs of the settings forms are at least 350px wide.
    TextInput: { defaultProps: { miw: 350 } },
    // Mantine's close button is an icon without a name; every dialog (confirmations too) gets one.
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close dialog" } } },
    // The same for every toast (notifications.show renders a Notification with these defaults).
    Notification: { defaultProps: { closeButtonProps: { "aria-label": "Close notification" } } },
    // The focus placeholder is a bare focusable div inside role="menu", which may hold only menu items;
    // without it the first item takes focus on open (its ring shows for the keyboard only).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Mantine's Loader is a bare <span>: an aria-label on a span with no role is axe's serious
    // aria-prohibited-attr. Every busy indicator is a live status, which also lets a label name it.
    Loader: { defaultProps: { role: "status" } },
    // @mantine/dates calendars (every picker renders one): named arrows (the level controls are named by
    // their text); no red weekends (red-6 reads at 3.3:1).
    Calendar: {
      defaultProps: {
        ariaLabels: {
          previousMonth: "Previous month",
          nextMonth: "Next month",
          previousYear: "Previous year",
          nextYear: "Next year",
          previousDecade: "Previous decade",
          nextDecade: "Next decade",
        },
        weekendDays: [],
      },
    },
    // No half-transparent days of the neighbouring months (2:1); DatePicker sets this for its Calendar.
    DatePicker: { defaultProps: { hideOutsideDates: true } },
    // The check-mark button that applies the picked date and time.
    DateTimePicker: { defaultProps: { submitButtonProps: { "aria-label": "Apply" } } },
  },
});

/**
 * For MantineProvider's cssVariablesResolver: dimmed and placeholder text, error and success messages, and
 * the text of every colour's light, subtle and outline variants, each at AA on the background it sits on.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const white = resolved.white;
  const { gray, red, teal } = resolved.colors;
  // Dimmed text also sits on gray-0/gray-1 (hovered rows, opened details): hold it to AA on gray-1.
  const dimmed = readable(gray[6], gray[1]);
  const light: Record<string, string> = {
    "--mantine-color-dimmed": dimmed,
    "--mantine-color-placeholder": dimmed,
    "--mantine-color-error": readable(red[6], white),
    "--mantine-color-success": readable(teal[8], white),
  };
  for (const [name, shades] of Object.entries(resolved.colors)) {
    // The light variant's text sits on shade 1, and on shade 3 when hovered (an active nav item under
    // the mouse): AA on the darker of the two.
    light[`--mantine-color-${name}-light-color`] = readable(shades[9], shades[3]);
    light[`--mantine-color-${name}-text`] = readable(shades[8], white);
    light[`--mantine-color-${name}-outline`] = readable(shades[8], white);
  }
  return { variables: {}, light, dark: {} };
};

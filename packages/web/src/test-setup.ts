import { configure } from "@testing-library/react";

/**
 * The web suite runs beside the API suites, which keep both cores of a CI machine busy. A lazy route's
 * chunk then takes more than Testing Library's default second to load and render, and a `findBy…` that
 * would pass a moment later fails (router.test.tsx's /config form did, once, in CI). Five seconds still
 * fails fast when what a test waits for never shows.
 */
configure({ asyncUtilTimeout: 5_000 });

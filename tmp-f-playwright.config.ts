import base from './playwright.config.ts';

// Temporary (helper F): the phone project without its testIgnore, to run one admin spec at 390 px.
export default {
  ...base,
  projects: base.projects?.map((p) => (p.name === 'phone' ? { ...p, testIgnore: [] } : p)),
};

// The thread that holds zxcvbn-ts's dictionaries (common, English, Spanish): ~30 MB of heap and
// ~75 MB of RSS once built, for a check made when staff set a password. Started on demand by
// password-strength.ts and ended when idle, so a server does not carry them (decision 032).
// Plain JavaScript: it needs no tsx, and starts faster without it.
import { parentPort } from 'node:worker_threads';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import * as spanish from '@zxcvbn-ts/language-es-es';

const estimator = new ZxcvbnFactory({
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...english.dictionary, ...spanish.dictionary },
  translations: spanish.translations,
});

parentPort?.on('message', ({ id, password, userInputs }) => {
  try {
    const { score, feedback } = estimator.check(password, userInputs);
    parentPort?.postMessage({ id, score, warning: feedback.warning, suggestions: feedback.suggestions });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});

import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import * as spanish from '@zxcvbn-ts/language-es-es';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordMessages } from '../../../domain/password';

/** zxcvbn's scale is 0–4; 3 means "safely unguessable" for an online attack with rate limits. */
const MIN_SCORE = 3;
/** Words of this product a guesser would try first. */
const PRODUCT_WORDS = ['rifas', 'rifa', 'sorteo', 'ticket', 'admin', 'vendedor'];

// Built once: loading the dictionaries takes a moment, checking a password a few milliseconds.
const estimator = new ZxcvbnFactory({
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...english.dictionary, ...spanish.dictionary },
  translations: spanish.translations,
});

/**
 * Why a password is too weak (an empty list means it is acceptable): zxcvbn-ts with the common,
 * English and Spanish dictionaries judges how guessable it is, given the user's own e-mail and name.
 */
export function weakPasswordReasons(password: string, context: { email?: string; fullName?: string } = {}) {
  if (password.length < PASSWORD_MIN_LENGTH) return [passwordMessages.tooShort];
  if (password.length > PASSWORD_MAX_LENGTH) return [passwordMessages.tooLong];
  const personal = [context.email, context.email?.split('@')[0], ...(context.fullName?.split(/\s+/) ?? [])];
  const result = estimator.check(password, [...PRODUCT_WORDS, ...personal.filter((w): w is string => !!w)]);
  if (result.score >= MIN_SCORE) return [];
  const { warning, suggestions } = result.feedback;
  return [passwordMessages.guessable, ...(warning ? [warning] : []), ...new Set(suggestions)];
}

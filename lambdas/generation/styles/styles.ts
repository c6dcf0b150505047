// The styles the engine can make, each one definition module in this folder: the only place that
// lists them. A new style is its module, its line here and its label in shared/contract.ts (the
// site's words); nothing else in the engine names a style.
import type { Style } from '#shared/contract.ts';
import { cinematic } from './cinematic.ts';
import { directResponse } from './direct-response.ts';
import type { StyleDefinition } from './style-definition.ts';
import { ugc } from './ugc.ts';

export const styleDefinitions: Record<Style, StyleDefinition> = {
  cinematic,
  'direct-response': directResponse,
  ugc,
};

export function styleDefinition(style: Style): StyleDefinition {
  const definition = styleDefinitions[style];
  // A name from outside the type (an old order, a hand-made storyboard) is refused by name.
  if (!definition) throw new Error(`No style is called ${JSON.stringify(style)}`);
  return definition;
}

// POST /api/orders body (docs/product.md "The calls"), parsed by the CreateOrder handler. Apart from the contract
// because it checks the website with the public-address rules (ipaddr.js, CommonJS, which no
// bundler drops): the site imports only its type, so none of that reaches the browser.
import * as z from 'zod/mini';
import {
  apiMessages,
  choiceOfDuration,
  defaultAdDuration,
  defaultStyle,
  durationChoices,
  durationOfChoice,
  imageKeyPattern,
  messages,
  requiredEmail,
  styles,
} from './contract.ts';
import { isAddressHost, isWebsiteOnAnotherPort, parsePublicWebsite } from './public-url.ts';

/** Optional text: trimmed, at most `max` characters, and null when absent or empty. */
const nullableText = (max: number) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max))),
    z.transform((value) => (value ? value : null)),
  );

/** Unknown fields are dropped. */
export const createOrderRequestSchema = z.object({
  website: z.pipe(
    z
      .string({ error: messages.missingInformation })
      .check(z.trim(), z.minLength(1, messages.missingInformation), z.maxLength(2048, messages.invalidWebsite)),
    z.transform((website, ctx) => {
      const url = parsePublicWebsite(website);
      if (!url) {
        const message = isWebsiteOnAnotherPort(website) ? messages.websiteOnAnotherPort : messages.invalidWebsite;
        ctx.issues.push({ code: 'custom', message, input: website });
        return z.NEVER;
      }
      // The ad's voice says the business's name and its end card the domain: a bare address gives
      // neither, and the ad would read the digits out. The fetch guard still takes an address a
      // named site redirects to.
      if (isAddressHost(url)) {
        ctx.issues.push({ code: 'custom', message: messages.websiteIsAnAddress, input: website });
        return z.NEVER;
      }
      return url.href;
    }),
  ),
  email: requiredEmail(messages.missingInformation),
  style: z._default(z.enum(styles), defaultStyle),
  /** The form's string, read here into the AdDuration everything after the request carries. */
  durationSeconds: z.pipe(
    z._default(z.enum(durationChoices), choiceOfDuration[defaultAdDuration]),
    z.transform((choice) => durationOfChoice[choice]),
  ),
  imageFileName: nullableText(255),
  imageStoragePath: nullableText(64).check(
    z.refine((key) => key === null || imageKeyPattern.test(key), { message: apiMessages.uploadMismatch }),
  ),
  couponCode: z
    .pipe(
      nullableText(64),
      z.transform((code) => (code ? code.toUpperCase() : null)),
    )
    .check(
      z.refine((code) => code === null || /^[A-Z0-9_-]+$/.test(code), {
        message: 'Coupon codes use letters and digits only.',
      }),
    ),
});
export type CreateOrderRequest = z.input<typeof createOrderRequestSchema>;
export type CreateOrderInput = z.output<typeof createOrderRequestSchema>;

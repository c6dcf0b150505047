// What the cost table assumes rather than measures. Everything else in it is counted or timed on
// the twin (tests/bench/ad-journey.ts) or read from the synthesized template.
export const costAssumptions = {
  /** The order is made as the site makes it, with a product photo uploaded (the heavier case). */
  withPhoto: true,
  /** The style of every measured ad. */
  style: 'cinematic',
  /** The landing page reads GET /api/capacity once per view; one view before ordering. */
  capacityReads: 1,
  /**
   * GET /api/orders/{id} from the order page: the first read, the re-read once the live channel
   * subscribes, then one re-read per live event (web/src/features/order-status: nextLiveStep);
   * the events are counted on the twin. The page reads nothing while live otherwise.
   */
  orderPageReadsBeforeEvents: 2,
  /** The buyer's GETs of the finished files through their presigned links: the poster once, the MP4 to watch and to download. */
  buyerPosterGets: 1,
  buyerVideoGets: 2,
  /**
   * Cold starts per ad: the first invocation of each function an ad uses (a few ads a day: an
   * idle execution environment is gone long before the next order). Later invocations of the
   * same function within the ad (the footage loop's CheckFootage, GetOrder's re-reads) are warm.
   */
  coldStartsPerFunction: 1,
  /**
   * Content checks the order form's preview makes per order, beside AnalyzeWebsite's own: the
   * first preview of the site checks it, and later ones (a style, a photo) reuse the cached verdict.
   */
  previewContentChecksPerOrder: 1,
  /**
   * Billed at no less than this, where the twin cannot show what AWS takes. AnalyzeWebsite: the
   * twin cannot reach the internet, so the page fetch fails at once; in AWS it fetches the buyer's
   * page (capped at 8 s). The orders stream's publisher: its signed HTTPS publish to AppSync
   * Events takes tens of ms in a region, against ~1 ms to the twin's emulator on loopback.
   */
  minimumDurationMs: { AnalyzeWebsite: 2000, 'orders stream': 50 } as Record<string, number>,
  /**
   * The order-changes publisher runs once per published change (each change in its own stream
   * batch at a few orders a day), for about as long as the publish request takes on the twin.
   */
  publisherInvocationsPerEvent: 1,
  /**
   * Bedrock bills tokens; the bench counts characters (the Converse request's system, messages and
   * toolConfig as sent, and the tool input the model answers with) and takes ≈ 4 characters a
   * token, the rule of thumb for English text that tests/integration/support/bedrock-converse-stub.ts
   * answers usage with too, rounded up per call. JSON (the tool's schema, the draft) tends to run denser than
   * prose, so the true count may be somewhat higher; Nova's tool-use prompt template is not counted.
   */
  charactersPerToken: 4,
  /**
   * Share of storyboards whose first answer the schema or the checks refuse, so the writer sends
   * one repair turn (bedrock-writer.ts). 0: it cannot be measured without the model, and the twin
   * has none. What a repair turn costs is measured (the first request again, plus the model's
   * answer and its problems) and shown, so the table can be redone with a measured share.
   */
  bedrockRepairShare: 0,
  /**
   * SynthesizeSpeech requests per read of a voice line: one for the MP3, one for the word speech
   * marks (polly-voice.ts), each billed for the line's characters. SSML tags are not billed.
   */
  pollyRequestsPerRead: 2,
  /**
   * Share of lines read a second time, faster, because the first read overran its scene (voice.ts,
   * pace.ts). 0: not measured; the twin speaks with festival, whose pace is not Polly's, and the
   * Polly rates are not measured yet (style-voices.ts). A re-read bills both requests again.
   */
  pollyReReadShare: 0,
} as const;

/** Per-ad costs left out of the table, and why . */
export const notCounted = [
  'DynamoDB on-demand reads and writes (≈ $0.00001 per ad)',
  'AppSync Events operations and connection minutes (≈ $0.00002)',
  'CloudFront transfer of the site and the pack (each file and the zip downloaded once, at $0.085/GB beyond the 1 TB/month free tier; the pack sizes are in the pack group)',
  'CloudWatch Logs ingestion, X-Ray traces, S3 access logs',
  'WriteStoryboard waiting on Bedrock: the twin calls no model, so its WriteStoryboard takes milliseconds; in AWS the Converse call adds seconds of Lambda time (priced per second under Bedrock and Polly in bench/cost-per-ad.md)',
  'Fixed monthly costs not tied to an ad: the reconciler every 5 minutes, alarms, Secrets Manager secrets',
];

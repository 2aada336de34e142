// provider adapter → the eSIM Go API v2.5 messages we use, written once from its published OpenAPI document
// (`esim_go_schema_v2_5.yaml`) and reference pages as valibot schemas: the client builds its requests from them and
// validates every answer; the local eSIM Go simulator validates every request it receives and every answer it sends
// with the same schemas, and the usage callback route reads callbacks with them (docs/providers.md, eSIM Go v2.5).
import * as v from 'valibot';

/** The paths under the configured base URL (`https://api.esim-go.com/v2.5`). */
export const esimGoPaths = {
  orders: '/orders',
  assignments: '/esims/assignments',
  bundles: (iccid: string) => `/esims/${encodeURIComponent(iccid)}/bundles`,
} as const;

/** The header every call authenticates with (apiKeyAuth). */
export const API_KEY_HEADER = 'x-api-key';
/** The header a V3 usage callback carries: HMAC-SHA256 of the raw body keyed with the API key. */
export const SIGNATURE_HEADER = 'x-signature-sha256';

/** ICCIDs eSIM Go hands out: 18 to 20 digits (its examples show 19). */
const IccidSchema = v.pipe(v.string(), v.regex(/^\d{18,20}$/, 'An ICCID has 18 to 20 digits'));
const Text = (max: number) => v.pipe(v.string(), v.minLength(1), v.maxLength(max));
/** Bundle names are case sensitive, e.g. `esim_1GB_7D_FR_V2`. */
export const BundleNameSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.-]{1,128}$/, 'A bundle name has letters, digits, _ . -'));
/** RFC 3339 date-times as eSIM Go writes them (fractions up to nanoseconds). */
const DateTimeSchema = v.pipe(
  v.string(),
  v.check((value) => !Number.isNaN(Date.parse(value)), 'A date-time'),
);
const QuantitySchema = v.pipe(v.number(), v.minValue(0));

// POST /orders (components OrderRequest and BundleOrder).
export const BundleOrderSchema = v.strictObject({
  type: v.literal('bundle'),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
  item: BundleNameSchema,
  /** The eSIMs to apply the bundle to; as many as `quantity`; only with `assign: true`. */
  iccids: v.optional(v.array(IccidSchema)),
  allowReassign: v.optional(v.boolean()),
});

export const OrderRequestSchema = v.pipe(
  v.strictObject({
    type: v.picklist(['validate', 'transaction']),
    assign: v.boolean(),
    order: v.pipe(v.array(BundleOrderSchema), v.minLength(1)),
    profileID: v.optional(Text(128)),
  }),
  v.check((request) => request.assign || request.order.every((line) => !line.iccids), 'ICCIDs can only be given with assign: true'),
  v.check((request) => request.order.every((line) => !line.iccids || line.iccids.length === line.quantity), 'quantity must match the ICCIDs'),
);
export type OrderRequest = v.InferInput<typeof OrderRequestSchema>;

/** An eSIM in an order's answer (the SM-DP+ address may come with a scheme: `http://smdp.example.com`). */
export const OrderedEsimSchema = v.object({ iccid: IccidSchema, matchingId: Text(255), smdpAddress: Text(255) });

const OrderLineAnswerSchema = v.object({
  type: v.string(),
  item: v.string(),
  quantity: v.number(),
  subTotal: v.optional(v.number()),
  pricePerUnit: v.optional(v.number()),
  iccids: v.optional(v.array(IccidSchema)),
  esims: v.optional(v.array(OrderedEsimSchema)),
});

/** OrderResponseValidate: the order checked, nothing charged. */
export const ValidateAnswerSchema = v.object({
  order: v.array(OrderLineAnswerSchema),
  total: v.number(),
  valid: v.boolean(),
  currency: v.string(),
  createdDate: v.optional(DateTimeSchema),
  assigned: v.optional(v.boolean()),
});
export type ValidateAnswer = v.InferOutput<typeof ValidateAnswerSchema>;

/** OrderResponseTransaction: the order placed; `orderReference` names it at `GET /esims/assignments`. */
export const TransactionAnswerSchema = v.object({
  order: v.array(OrderLineAnswerSchema),
  total: v.number(),
  currency: v.string(),
  status: v.string(),
  statusMessage: v.optional(v.string()),
  orderReference: Text(128),
  createdDate: DateTimeSchema,
  assigned: v.optional(v.boolean()),
});
export type TransactionAnswer = v.InferOutput<typeof TransactionAnswerSchema>;

/**
 * GET /orders (paginated): the reference's schema names OrderResponseTransaction, its `OrderList` an array; some
 * answers wrap the list in `{ orders: [...] }`. All three are read as a list.
 */
export const OrderListAnswerSchema = v.union([
  v.array(TransactionAnswerSchema),
  v.pipe(
    v.object({ orders: v.array(TransactionAnswerSchema) }),
    v.transform((answer) => answer.orders),
  ),
  v.pipe(
    TransactionAnswerSchema,
    v.transform((answer) => [answer]),
  ),
]);
export type OrderListAnswer = v.InferOutput<typeof OrderListAnswerSchema>;

/**
 * GET /esims/assignments with `Accept: application/json`: the QR delivery guide shows one object with
 * `smdpAddress`; the reference's `Assignments` component is an array naming the address `rspUrl`. Both are read
 * as a list of `{ iccid, matchingId, smdpAddress }`.
 */
const AssignmentSchema = v.pipe(
  v.object({
    iccid: IccidSchema,
    matchingId: Text(255),
    smdpAddress: v.optional(Text(255)),
    rspUrl: v.optional(Text(255)),
    bundle: v.optional(v.string()),
    reference: v.optional(v.string()),
    profileStatus: v.optional(v.string()),
  }),
  v.check((assignment) => Boolean(assignment.smdpAddress ?? assignment.rspUrl), 'An assignment names its SM-DP+ address'),
  v.transform((assignment) => ({
    iccid: assignment.iccid,
    matchingId: assignment.matchingId,
    smdpAddress: (assignment.smdpAddress ?? assignment.rspUrl) as string,
  })),
);
export const AssignmentsAnswerSchema = v.union([
  v.pipe(v.array(AssignmentSchema), v.minLength(1)),
  v.pipe(
    AssignmentSchema,
    v.transform((assignment) => [assignment]),
  ),
]);
export type Assignment = v.InferOutput<typeof AssignmentSchema>;

export const bundleStates = ['processing', 'queued', 'active', 'depleted', 'expired', 'revoked', 'lapsed'] as const;

/** GET /esims/{iccid}/bundles: the bundles applied to an eSIM, each with its assignments (quantities in bytes). */
export const BundleAssignmentSchema = v.object({
  id: v.string(),
  initialQuantity: v.optional(QuantitySchema),
  remainingQuantity: v.optional(QuantitySchema),
  assignmentDateTime: v.optional(DateTimeSchema),
  assignmentReference: v.optional(v.string()),
  bundleState: v.picklist(bundleStates),
  startTime: v.optional(v.union([DateTimeSchema, v.literal('')])),
  endTime: v.optional(v.union([DateTimeSchema, v.literal('')])),
  unlimited: v.optional(v.boolean()),
});
export const BundlesAnswerSchema = v.object({
  bundles: v.array(v.object({ name: v.string(), description: v.optional(v.string()), assignments: v.array(BundleAssignmentSchema) })),
});
export type BundlesAnswer = v.InferOutput<typeof BundlesAnswerSchema>;

/** Every error answer: `{ "message": "..." }` (400, 401/403, 429, 500, 503 with Retry-After). */
export const ErrorAnswerSchema = v.object({ message: v.string() });

/**
 * The usage callback (V3, UsageCallbackV3 / BundleAlert): the bundle in use on an eSIM and its remaining data.
 * `bundle.reference` is the assignment's reference: the order reference for a bundle ordered with `assign: true`.
 */
export const UsageCallbackSchema = v.object({
  iccid: IccidSchema,
  alertType: Text(64),
  bundle: v.object({
    id: v.optional(v.string()),
    reference: v.optional(v.string()),
    name: BundleNameSchema,
    description: v.optional(v.string()),
    initialQuantity: QuantitySchema,
    remainingQuantity: QuantitySchema,
    startTime: v.optional(v.union([DateTimeSchema, v.literal('')])),
    endTime: v.optional(v.union([DateTimeSchema, v.literal('')])),
    unlimited: v.optional(v.boolean()),
  }),
});
export type UsageCallback = v.InferOutput<typeof UsageCallbackSchema>;

/** The SM-DP+ FQDN of an address eSIM Go may write with a scheme or path (`http://smdp.example.com/`). */
export const smdpFqdn = (address: string): string => address.replace(/^[a-z]+:\/\//i, '').replace(/[/:].*$/, '');

// provider adapter → the ES2+ messages of GSMA SGP.22 v2.2 (section 5.3, JSON binding section 6.5) as valibot
// schemas: the client builds its requests from them and validates every answer; the SM-DP+ simulator and the
// notification route validate what they receive with the same schemas.
import * as v from 'valibot';
import { parseIsoDateTime } from '#shared/domain/dates';

/** The protocol version sent in `X-Admin-Protocol` (SGP.22 6.5.1); answers must carry some `gsma/rsp/v2.x.y`. */
export const ADMIN_PROTOCOL = 'gsma/rsp/v2.2.0';
export const ADMIN_PROTOCOL_PATTERN = /^gsma\/rsp\/v2\.\d+\.\d+$/;

export const es2PlusPaths = {
  downloadOrder: '/gsma/rsp2/es2plus/downloadOrder',
  confirmOrder: '/gsma/rsp2/es2plus/confirmOrder',
  cancelOrder: '/gsma/rsp2/es2plus/cancelOrder',
  releaseProfile: '/gsma/rsp2/es2plus/releaseProfile',
  handleDownloadProgressInfo: '/gsma/rsp2/es2plus/handleDownloadProgressInfo',
} as const;

export type Es2PlusFunction = keyof typeof es2PlusPaths;

/** 19 or 20 digits; SGP.22 before v2.2 pads a 19-digit ICCID with a trailing `F`. */
const IccidSchema = v.pipe(
  v.string(),
  v.regex(/^\d{19}[\dFf]?$/, 'An ICCID has 19 or 20 digits'),
  v.transform((iccid) => iccid.replace(/[Ff]$/, '')),
);
const EidSchema = v.pipe(v.string(), v.regex(/^\d{32}$/, 'An EID has 32 digits'));
const Text = (max: number) => v.pipe(v.string(), v.minLength(1), v.maxLength(max));

export const RequestHeaderSchema = v.object({
  functionRequesterIdentifier: Text(256),
  functionCallIdentifier: Text(256),
});

export const executionStatuses = ['Executed-Success', 'Executed-WithWarning', 'Failed', 'Expired'] as const;

export const StatusCodeDataSchema = v.object({
  subjectCode: Text(32),
  reasonCode: Text(32),
  subjectIdentifier: v.optional(Text(256)),
  message: v.optional(v.pipe(v.string(), v.maxLength(1024))),
});
export type StatusCodeData = v.InferOutput<typeof StatusCodeDataSchema>;

export const ExecutionStatusSchema = v.object({
  status: v.picklist(executionStatuses),
  statusCodeData: v.optional(StatusCodeDataSchema),
});
export type ExecutionStatus = v.InferOutput<typeof ExecutionStatusSchema>;

export const ResponseHeaderSchema = v.object({ functionExecutionStatus: ExecutionStatusSchema });

export const DownloadOrderRequestSchema = v.object({
  header: RequestHeaderSchema,
  eid: v.optional(EidSchema),
  iccid: v.optional(IccidSchema),
  profileType: v.optional(Text(256)),
});

export const ConfirmOrderRequestSchema = v.object({
  header: RequestHeaderSchema,
  iccid: IccidSchema,
  eid: v.optional(EidSchema),
  matchingId: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9-]{0,255}$/))),
  confirmationCode: v.optional(Text(256)),
  smdsAddress: v.optional(Text(255)),
  releaseFlag: v.boolean(),
});

export const CancelOrderRequestSchema = v.object({
  header: RequestHeaderSchema,
  iccid: IccidSchema,
  eid: v.optional(EidSchema),
  matchingId: v.optional(Text(255)),
  finalProfileStatusIndicator: v.picklist(['Available', 'Unavailable']),
});

export const ReleaseProfileRequestSchema = v.object({ header: RequestHeaderSchema, iccid: IccidSchema });

export const HandleDownloadProgressInfoSchema = v.object({
  header: RequestHeaderSchema,
  eid: v.optional(EidSchema),
  iccid: IccidSchema,
  profileType: Text(256),
  // isoTimestamp checks the form only: 2026-02-30 would roll over to 2 March when read; the calendar refuses it.
  timestamp: v.pipe(
    v.string(),
    v.isoTimestamp('The timestamp must be a W3C date-time'),
    v.check((value) => parseIsoDateTime(value)?.precise === true, 'The timestamp must be a date of the calendar'),
  ),
  // 1-4 download and installation, 5 deletion (SGP.22 5.3.5); an SM-DP+ may add its own, which are kept for support.
  notificationPointId: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999)),
  notificationPointStatus: ExecutionStatusSchema,
  resultData: v.optional(v.pipe(v.string(), v.maxLength(4096), v.base64())),
});
export type HandleDownloadProgressInfoInput = v.InferInput<typeof HandleDownloadProgressInfoSchema>;
export type HandleDownloadProgressInfoOutput = v.InferOutput<typeof HandleDownloadProgressInfoSchema>;

/** Every answer's header; read first, because a `Failed` or `Expired` answer carries nothing else. */
export const AnswerHeaderSchema = v.looseObject({ header: ResponseHeaderSchema });

/** The output data of an executed function (SGP.22 tables 23 and 26; cancelOrder and releaseProfile have none). */
export const answerSchemas = {
  downloadOrder: v.object({ header: ResponseHeaderSchema, iccid: IccidSchema }),
  confirmOrder: v.object({
    header: ResponseHeaderSchema,
    matchingId: v.pipe(v.string(), v.regex(/^[A-Z0-9-]{1,255}$/, 'A MatchingID uses A-Z, 0-9 and "-"')),
    eid: v.optional(EidSchema),
    smdpAddress: v.optional(Text(255)),
  }),
  cancelOrder: v.object({ header: ResponseHeaderSchema }),
  releaseProfile: v.object({ header: ResponseHeaderSchema }),
} as const;

export const requestSchemas = {
  downloadOrder: DownloadOrderRequestSchema,
  confirmOrder: ConfirmOrderRequestSchema,
  cancelOrder: CancelOrderRequestSchema,
  releaseProfile: ReleaseProfileRequestSchema,
} as const;

export type OrderFunction = keyof typeof answerSchemas;
export type Es2PlusRequest<F extends OrderFunction> = v.InferInput<(typeof requestSchemas)[F]>;
export type Es2PlusAnswer<F extends OrderFunction> = v.InferOutput<(typeof answerSchemas)[F]>;

/** Whether an answer's header reports that the function ran (a warning still counts as done). */
export const executed = (status: ExecutionStatus): boolean => status.status === 'Executed-Success' || status.status === 'Executed-WithWarning';

/** The JSON answer of a function that failed (HTTP 200, SGP.22 6.5.1.4), with its subject and reason codes. */
export const failedAnswer = (subjectCode: string, reasonCode: string, message: string) => ({
  header: { functionExecutionStatus: { status: 'Failed' as const, statusCodeData: { subjectCode, reasonCode, message } } },
});

// port → what a connectivity provider reported about a profile that support must be able to read: a failed step
// of its download or installation, its deletion, a point the service does not know (issue 16, docs/providers.md).

export interface ProviderNotice {
  partner_id: string;
  iccid: string;
  /** The notification point (SGP.22 5.3.5) and its name, `unknown` for a point the service does not know. */
  point: number;
  point_name: string;
  /** Executed-Success, Executed-WithWarning, Failed or Expired, as the provider sent it. */
  status: string;
  subject_code: string | null;
  reason_code: string | null;
  message: string | null;
  /** The provider's own timestamp; when it happened for the service (never after it heard of it); when it heard. */
  reported_at: string;
  occurred_at: string;
  received_at: string;
  /** What the service did with it: `recorded`, or `removed` when a deletion removed the installed eSIM. */
  outcome: 'recorded' | 'removed';
}

export interface ProviderNotices {
  record(notice: ProviderNotice): Promise<void>;
  /** The profile's notices, newest first. */
  list(partnerId: string, iccid: string, limit: number): Promise<ProviderNotice[]>;
}

import { useMemo, useState } from 'react';
import type { CheckoutOptions, MeetingPoint } from '@shop/shared';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { zoneStatusOf, type ZoneStatus } from './delivery-place';

/** How long the typing must pause before what is written counts as out of every zone. */
const TYPING_PAUSE_MS = 400;

export interface DeliveryPlace {
  /** What is written in the barrio search. */
  barrio: string;
  setBarrio: (value: string) => void;
  zoneStatus: ZoneStatus;
  /** The pickup places on offer (enabled ones) and the chosen one: the first until the shopper picks another. */
  meetingPoints: MeetingPoint[];
  meetingPoint: MeetingPoint | null;
  chooseMeetingPoint: (id: string) => void;
}

/** Where the order goes: the barrio or postal code of a home delivery, or the pickup place. */
export function useDeliveryPlace(options: CheckoutOptions, postalCode: string): DeliveryPlace {
  const [barrio, setBarrio] = useState('');
  const [chosenPointId, chooseMeetingPoint] = useState<string | null>(null);
  const meetingPoints = useMemo(() => options.meetingPoints.filter((point) => point.enabled), [options.meetingPoints]);
  const meetingPoint = meetingPoints.find((point) => point.id === chosenPointId) ?? meetingPoints[0] ?? null;

  const pausedBarrio = useDebouncedValue(barrio, TYPING_PAUSE_MS);
  const pausedPostalCode = useDebouncedValue(postalCode, TYPING_PAUSE_MS);
  const live = zoneStatusOf(options.zones, { barrio, postalCode });
  // A zone found shows at once; "out of zone" waits for a pause, so a half-written name is no verdict.
  const paused = pausedBarrio === barrio && pausedPostalCode === postalCode;
  const zoneStatus: ZoneStatus = live.kind === 'outOfZone' && !paused ? { kind: 'choosing' } : live;

  return { barrio, setBarrio, zoneStatus, meetingPoints, meetingPoint, chooseMeetingPoint };
}

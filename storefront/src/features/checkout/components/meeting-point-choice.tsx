import { MapPin } from 'lucide-react';
import type { MeetingPoint } from '@shop/shared';
import { ChoiceOption } from './choice-option';

interface MeetingPointChoiceProps {
  points: readonly MeetingPoint[];
  chosen: MeetingPoint | null;
  onChoose: (id: string) => void;
}

/** Where to pick the order up, when the shop offers several places: one radio card per place. */
export function MeetingPointChoice({ points, chosen, onChoose }: MeetingPointChoiceProps) {
  return (
    <fieldset className="delivery-detail" data-testid="meeting-points">
      <legend className="delivery-detail__title">¿Dónde lo retirás?</legend>
      <div className="option-list">
        {points.map((point) => (
          <ChoiceOption
            key={point.id}
            name="meetingPointId"
            value={point.id}
            checked={point.id === chosen?.id}
            onChoose={() => onChoose(point.id)}
            icon={MapPin}
            title={point.title || 'Punto de encuentro'}
          >
            {point.address && (
              <span className="option__text">
                <strong>{point.address}</strong>
              </span>
            )}
            {point.schedule && <span className="option__text">{point.schedule}</span>}
            {point.notes && <span className="option__text muted">{point.notes}</span>}
          </ChoiceOption>
        ))}
      </div>
    </fieldset>
  );
}

import { AlertTriangle } from 'lucide-react';
import {
  DELIVERY_MSG,
  MAX_MEETING_POINTS,
  MAX_ZONE_AMOUNT,
  MAX_ZONE_BARRIOS,
  MAX_ZONE_POSTAL_CODES,
  MAX_ZONES,
  flatDeliveryRule,
  formatPrice,
  normalizePlace,
  normalizePostalCode,
  deliveryZoneSchema,
  type DeliveryZone,
  type MeetingPoint,
} from '@shop/shared';
import { draftSetter, type ContentTabProps } from '../content-editor-model';
import { ChipInput } from '../chip-input';
import { DeliveryPreview } from '../delivery-preview';
import { DELIVERY_PROBLEMS_ID, deliveryProblems, newMeetingPoint, newZone, renamed } from '../delivery-model';
import { PesosField, TextAreaField, TextField, ToggleField } from '../fields';
import { ListEditor } from '../list-editor';

// One barrio and one postal code, checked by the shared schema the server saves with (its messages too).
const barrioSchema = deliveryZoneSchema.shape.barrios.unwrap().element;
const postalCodeSchema = deliveryZoneSchema.shape.postalCodes.unwrap().element;
const cleanBarrio = (value: string) => value.trim().replace(/\s+/g, ' ');
const checkBarrio = (value: string) => barrioSchema.safeParse(value).error?.issues[0]?.message ?? null;
const checkPostalCode = (value: string) => postalCodeSchema.safeParse(value).error?.issues[0]?.message ?? null;

function DisabledNote({ enabled, text }: { enabled: boolean; text: string }) {
  return enabled ? null : <span className="list-item-note">{text}</span>;
}

/** The id an item is known by in orders and filters; it follows the name until the item is saved. */
function IdNote({ id, saved }: { id: string; saved: boolean }) {
  return (
    <p className="hint span-2">
      Identificador: <code>{id}</code>
      {saved ? ' (lo usan los pedidos y los filtros; no cambia)' : ' (se toma del nombre hasta que guardes)'}
    </p>
  );
}

/** "Envíos": home delivery zones with their prices, the pickup places, and a price preview. */
export function DeliveryTab({ content, edit, saved }: ContentTabProps) {
  const { deliveryInfo, shipping } = content.checkout;
  const homeDelivery = shipping.homeDelivery;
  const { zones } = homeDelivery;
  const points = deliveryInfo.meetingPoints;
  const savedZoneIds = saved.checkout.shipping.homeDelivery.zones.map((z) => z.id);
  const savedPointIds = saved.checkout.deliveryInfo.meetingPoints.map((p) => p.id);
  const setZones = draftSetter(edit, (d) => d.checkout.shipping.homeDelivery)('zones');
  const setPoints = draftSetter(edit, (d) => d.checkout.deliveryInfo)('meetingPoints');
  const problems = deliveryProblems(zones, points);
  const flat = flatDeliveryRule(homeDelivery);
  const homeDeliveryOn = shipping.enabled && homeDelivery.enabled;

  const renderZone = (zone: DeliveryZone, index: number, update: (zone: DeliveryZone) => void) => (
    <div className="form-grid">
      <TextField
        label="Nombre de la zona"
        value={zone.name}
        required
        placeholder="Ej.: Centro"
        onChange={(name) => update(renamed(zones, index, savedZoneIds, 'zona', name, (z) => ({ ...z, name })))}
      />
      <TextField
        label="Demora estimada"
        value={zone.estimatedDays}
        placeholder="Ej.: 24 a 48 horas hábiles"
        onChange={(estimatedDays) => update({ ...zone, estimatedDays })}
      />
      <PesosField
        label="Costo de envío ($)"
        value={zone.cost}
        max={MAX_ZONE_AMOUNT}
        invalidMessage={DELIVERY_MSG.zoneCost('costo')}
        onChange={(cost) => update({ ...zone, cost })}
      />
      <PesosField
        label="Envío gratis desde ($)"
        value={zone.freeShippingThreshold}
        max={MAX_ZONE_AMOUNT}
        invalidMessage={DELIVERY_MSG.zoneCost('envío gratis desde')}
        hint="0: el envío a esta zona nunca es gratis."
        onChange={(freeShippingThreshold) => update({ ...zone, freeShippingThreshold })}
      />
      <div className="span-2">
        <ChipInput
          label="Barrios"
          noun="barrio"
          values={zone.barrios}
          onChange={(barrios) => update({ ...zone, barrios })}
          keyOf={normalizePlace}
          clean={cleanBarrio}
          check={checkBarrio}
          max={MAX_ZONE_BARRIOS}
          tooMany={DELIVERY_MSG.tooManyBarrios}
          placeholder="Escribí un barrio y presioná Enter"
          hint="Enter o coma agrega el barrio; podés pegar una lista separada por comas."
        />
      </div>
      <div className="span-2">
        <ChipInput
          label="Códigos postales"
          noun="código postal"
          values={zone.postalCodes}
          onChange={(postalCodes) => update({ ...zone, postalCodes })}
          keyOf={normalizePostalCode}
          clean={normalizePostalCode}
          check={checkPostalCode}
          max={MAX_ZONE_POSTAL_CODES}
          tooMany={DELIVERY_MSG.tooManyPostalCodes}
          placeholder="Ej.: 8300"
          hint="Los 4 números (8300) abarcan todos los códigos de esa ciudad (Q8300ABC)."
        />
      </div>
      <div className="span-2">
        <ToggleField label="Zona habilitada" checked={zone.enabled} onChange={(enabled) => update({ ...zone, enabled })} />
      </div>
      <IdNote id={zone.id} saved={savedZoneIds.includes(zone.id)} />
    </div>
  );

  const renderPoint = (point: MeetingPoint, index: number, update: (point: MeetingPoint) => void) => (
    <div className="form-grid">
      <TextField
        label="Título"
        value={point.title}
        placeholder="Ej.: Plaza Huincul"
        onChange={(title) => update(renamed(points, index, savedPointIds, 'punto', title, (p) => ({ ...p, title })))}
      />
      <TextField label="Dirección" value={point.address} onChange={(address) => update({ ...point, address })} />
      <TextField
        label="Horario"
        value={point.schedule}
        placeholder="Ej.: Lunes a viernes de 10 a 18"
        onChange={(schedule) => update({ ...point, schedule })}
      />
      <div className="field-inline field">
        <ToggleField label="Punto habilitado" checked={point.enabled} onChange={(enabled) => update({ ...point, enabled })} />
      </div>
      <div className="span-2">
        <TextAreaField label="Notas" value={point.notes} onChange={(notes) => update({ ...point, notes })} rows={2} />
      </div>
      <IdNote id={point.id} saved={savedPointIds.includes(point.id)} />
    </div>
  );

  return (
    <div className="stack" data-testid="delivery-tab">
      {problems.length > 0 && (
        <div
          id={DELIVERY_PROBLEMS_ID}
          className="alert alert-error delivery-problems"
          role="alert"
          tabIndex={-1}
          data-testid="delivery-problems"
        >
          <AlertTriangle size={18} aria-hidden="true" />
          <div>
            <p>
              <strong>Revisá estos datos antes de guardar:</strong>
            </p>
            <ul>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        </div>
      )}

      <div className="stack">
        <p className="muted">
          Cada zona tiene su costo: el cliente elige su barrio o escribe su código postal y paga el envío de esa zona.
          {zones.length === 0 &&
            ` Sin zonas, el envío a domicilio cuesta el costo base de «Métodos de Pago» (${formatPrice(flat.cost)}) en cualquier dirección.`}
        </p>
        {!homeDeliveryOn && <p className="hint">El envío a domicilio está deshabilitado en «Métodos de Pago».</p>}
        <ListEditor
          title="Zonas de envío"
          testId="zones-editor"
          addLabel="Agregar zona"
          emptyText="No hay zonas: se cobra el mismo envío en todas las direcciones."
          items={zones}
          onChange={setZones}
          newItem={() => newZone(zones, savedZoneIds)}
          itemLabel={(zone, index) => zone.name.trim() || `Zona ${index + 1}`}
          itemNote={(zone) => <DisabledNote enabled={zone.enabled} text="Deshabilitada" />}
          renderItem={renderZone}
        />
        <p className="hint">
          Hasta {MAX_ZONES} zonas, con hasta {MAX_ZONE_BARRIOS} barrios y {MAX_ZONE_POSTAL_CODES} códigos postales cada una.
        </p>
      </div>

      <DeliveryPreview homeDelivery={homeDelivery} />

      <div className="stack">
        <p className="muted">
          Los lugares donde se retiran los pedidos; el cliente elige uno al comprar.
          {points.length === 0 &&
            ` Sin puntos cargados, se ofrece el punto de encuentro de «Métodos de Pago»${deliveryInfo.meetingPoint.title ? ` (${deliveryInfo.meetingPoint.title})` : ''}.`}
        </p>
        {!deliveryInfo.meetingPoint.enabled && <p className="hint">El retiro está deshabilitado en «Métodos de Pago».</p>}
        <ListEditor
          title="Puntos de encuentro"
          testId="meeting-points-editor"
          addLabel="Agregar punto de encuentro"
          emptyText="No hay puntos de encuentro cargados."
          items={points}
          onChange={setPoints}
          newItem={() => newMeetingPoint(points, savedPointIds)}
          itemLabel={(point, index) => point.title.trim() || `Punto ${index + 1}`}
          itemNote={(point) => <DisabledNote enabled={point.enabled} text="Deshabilitado" />}
          renderItem={renderPoint}
        />
        <p className="hint">Hasta {MAX_MEETING_POINTS} puntos de encuentro.</p>
      </div>
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/icon';
import { officeMapTexts } from '../../content/office-map-texts';
import { brand, officeAddressLine } from '../../../shared/brand';
import { MAP_HEIGHT_PX } from '../../../shared/constants';

/** OpenStreetMap's embeddable view around the marker in brand.mapUrl (no request until the visitor asks). */
function embedUrl(): string {
  const params = new URL(brand.mapUrl).searchParams;
  const lat = Number(params.get('mlat'));
  const lon = Number(params.get('mlon'));
  const bbox = [lon - 0.008, lat - 0.005, lon + 0.008, lat + 0.005].map((value) => value.toFixed(4)).join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat},${lon}`;
}

/**
 * The office map, 225 px high (spec section 9). A placeholder first, so no third
 * party sees the visit; 'Show map' loads the OpenStreetMap frame in its place.
 */
export function OfficeMap() {
  const [shown, setShown] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  // The button disappears, so keyboard focus moves to the map that replaced it.
  useEffect(() => {
    if (shown) frameRef.current?.focus();
  }, [shown]);
  const texts = officeMapTexts;
  return (
    <section className="app-catalogue__map" aria-labelledby="office-map-heading">
      <h2 id="office-map-heading">{texts.heading}</h2>
      {shown ? (
        <iframe
          ref={frameRef}
          className="app-catalogue__map-frame"
          title={texts.frameTitle}
          src={embedUrl()}
          height={MAP_HEIGHT_PX}
          loading="lazy"
          referrerPolicy="no-referrer"
        />
      ) : (
        <div className="app-catalogue__map-frame app-catalogue__map-placeholder" data-testid="office-map-placeholder">
          <Icon name="map-pin" />
          <p>{officeAddressLine}</p>
          <p className="app-catalogue__map-note">{texts.placeholder}</p>
          <button type="button" className="app-button app-button--secondary" onClick={() => setShown(true)}>
            {texts.showMap}
          </button>
        </div>
      )}
      <p>
        <a href={brand.mapUrl} target="_blank" rel="noopener noreferrer">
          {texts.openElsewhere}
          <span className="app-visually-hidden"> {texts.newTab}</span>
        </a>
      </p>
    </section>
  );
}

import type { HotelService } from '@devstay/shared/contracts/catalogue';
import { IMAGE_SIZES, responsiveImage } from '../../../lib/image-url.ts';
import classes from './hotel-services.module.css';

/**
 * What the hotel offers besides rooms: coworking, fast Wi-Fi, meeting rooms... Plain elements
 * styled like Mantine's grid and papers: drawn by the server with every hotel page.
 */
export function HotelServices({ services }: { services: HotelService[] }) {
  return (
    <div className={classes.grid}>
      {services.map((service) => (
        <article key={service.id} className={classes.service}>
          <img
            {...responsiveImage(service.image[0], IMAGE_SIZES.icon)}
            alt=""
            loading="lazy"
            className={classes.icon}
          />
          <div className={classes.text}>
            <h3 className={classes.name}>{service.name}</h3>
            <p className={classes.description}>{service.description}</p>
          </div>
        </article>
      ))}
    </div>
  );
}

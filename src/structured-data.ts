import { siteConfig } from './config/site';
import { telHref } from './lib/tel-href';
import { seo } from './content/seo';
import { services } from './content/services';

/** schema.org description of the agency for search engines (JSON-LD). */
export function structuredData() {
  const telephone = telHref(siteConfig.contactPhone).replace('tel:', '');
  const sameAs = Object.values(siteConfig.social).filter(Boolean);
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: siteConfig.brandName,
    url: `${siteConfig.siteUrl}/`,
    description: seo.description,
    image: `${siteConfig.siteUrl}${seo.socialImage.path}`,
    logo: `${siteConfig.siteUrl}/icon-512.png`,
    email: siteConfig.contactEmail,
    telephone,
    address: {
      '@type': 'PostalAddress',
      addressLocality: seo.locality,
      addressRegion: seo.region,
      addressCountry: 'GB',
    },
    areaServed: { '@type': 'AdministrativeArea', name: seo.areaServed },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'sales',
      email: siteConfig.contactEmail,
      telephone,
      areaServed: 'GB',
      availableLanguage: 'en-GB',
    },
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Websites and AI automation',
      itemListElement: services.map((service) => ({
        '@type': 'Offer',
        description: service.priceText,
        itemOffered: { '@type': 'Service', name: service.title, description: service.description },
      })),
    },
    ...(sameAs.length ? { sameAs } : {}),
  };
}

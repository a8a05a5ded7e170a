import { ChevronLeft, ChevronRight, Quote } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { SectionHeading } from './SectionHeading';

const SLIDES = ['0', '1', '2', '3'] as const;
/** The carousel's pace. */
const CAROUSEL_INTERVAL_MS = 5000;

/** Advances every 5 s; dots jump to a slide (and restart the timer). */
export function Testimonials() {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);

  useEffect(() => {
    const timer = window.setInterval(() => setActive((index) => (index + 1) % SLIDES.length), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [active]);

  const slide = SLIDES[active] ?? '0';
  return (
    <section id="testimonials" className="bg-slate-50 py-20 dark:bg-slate-900/50">
      <div className="mx-auto max-w-3xl px-4">
        <SectionHeading title={t('testimonials.title')} />
        <figure
          className="mt-12 rounded-2xl bg-white p-8 text-center shadow-sm dark:bg-slate-900"
          aria-live="polite"
          data-slide={active}
        >
          <Quote className="mx-auto h-8 w-8 text-indigo-500" aria-hidden="true" />
          <blockquote className="mt-4 text-lg">“{t(`testimonials.items.${slide}.quote`)}”</blockquote>
          <figcaption className="mt-4 text-sm text-slate-600 dark:text-slate-300">
            <span className="font-semibold text-slate-900 dark:text-white">
              {t(`testimonials.items.${slide}.name`)}
            </span>{' '}
            · {t(`testimonials.items.${slide}.role`)}
          </figcaption>
        </figure>
        <div className="mt-6 flex items-center justify-center gap-4">
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('testimonials.previous')}
            onClick={() => setActive((active + SLIDES.length - 1) % SLIDES.length)}
          >
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          </Button>
          {/* Each dot sits in a 24 px button: a touch target WCAG 2.2 (and Lighthouse) accepts, the dot unchanged. */}
          <div className="flex">
            {SLIDES.map((id, index) => (
              <button
                key={id}
                type="button"
                aria-label={t('testimonials.goTo', { number: index + 1 })}
                aria-current={index === active}
                onClick={() => setActive(index)}
                className="flex h-6 w-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-indigo-500"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'h-3 w-3 rounded-full',
                    index === active ? 'bg-indigo-600 dark:bg-indigo-400' : 'bg-slate-300 dark:bg-slate-600',
                  )}
                />
              </button>
            ))}
          </div>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('testimonials.next')}
            onClick={() => setActive((active + 1) % SLIDES.length)}
          >
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
    </section>
  );
}

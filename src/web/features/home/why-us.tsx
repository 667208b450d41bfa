import { BadgeCheck, Factory, Handshake, Wrench, type LucideIcon } from 'lucide-react';
import { whyUs } from './home-content.ts';
import { HomeSection } from './home-section.tsx';

const icons: LucideIcon[] = [Factory, BadgeCheck, Wrench, Handshake];

export function WhyUs() {
  return (
    <HomeSection id="why-us" title="Why buy from the manufacturer">
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2">
        {whyUs.map((reason, index) => {
          const Icon = icons[index % icons.length] ?? Factory;
          return (
            <li key={reason.title} className="flex gap-4 rounded-box bg-base-200 p-6">
              <Icon size={32} className="shrink-0 text-primary" aria-hidden="true" />
              <div>
                <h3 className="text-lg font-semibold">{reason.title}</h3>
                <p className="mt-1">{reason.text}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </HomeSection>
  );
}

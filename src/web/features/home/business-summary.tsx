import { MessageSquareHeart, Repeat, Smile, Truck, type LucideIcon } from 'lucide-react';
import { HomeSection } from './home-section.tsx';

const figures: { icon: LucideIcon; total: string; label: string }[] = [
  { icon: Truck, total: '550+', label: 'Successfully Delivered' },
  { icon: Smile, total: '450+', label: 'Happy Clients' },
  { icon: Repeat, total: '300+', label: 'Repeat Customer' },
  { icon: MessageSquareHeart, total: '400+', label: 'Positive Feedback' },
];

export function BusinessSummary() {
  return (
    <HomeSection
      id="summary"
      title="Business Summary"
      intro="Bike shops and repair services have trusted us with their parts since 2019."
    >
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map(({ icon: Icon, total, label }) => (
          <li
            key={label}
            className="card items-center border border-base-300 bg-base-100 p-6 text-center shadow-sm"
          >
            <Icon size={40} className="text-primary" aria-hidden="true" />
            <p className="mt-3 text-4xl font-bold">{total}</p>
            <p className="mt-1 text-lg">{label}</p>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

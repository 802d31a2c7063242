import {
  CalendarCheck,
  CarFront,
  Inbox,
  Landmark,
  LayoutDashboard,
  LineChart,
  type LucideIcon,
  MapPinned,
  Package,
  ReceiptText,
  Recycle,
  ScrollText,
  Settings,
  ShieldCheck,
  TicketPercent,
  Truck,
  Users,
  Wrench,
} from "lucide-react";

export type AdminNavItem = { to: string; label: string; Icon: LucideIcon };

/** The back office's sections; later features add theirs here. */
export const adminNav: AdminNavItem[] = [
  { to: "/admin", label: "Dashboard", Icon: LayoutDashboard },
  { to: "/admin/product", label: "Products", Icon: Package },
  { to: "/admin/vehicle", label: "Vehicles", Icon: CarFront },
  { to: "/admin/exchange", label: "Exchange prices", Icon: Recycle },
  { to: "/admin/delivery", label: "Delivery areas", Icon: Truck },
  { to: "/admin/order", label: "Orders", Icon: ReceiptText },
  { to: "/admin/promo", label: "Promo codes", Icon: TicketPercent },
  { to: "/admin/user", label: "Users", Icon: Users },
  { to: "/admin/service", label: "Service Centres", Icon: Wrench },
  { to: "/admin/dealer", label: "Dealers", Icon: MapPinned },
  { to: "/admin/bookings", label: "Service bookings", Icon: CalendarCheck },
  { to: "/admin/warranties", label: "Warranties", Icon: ShieldCheck },
  { to: "/admin/messages", label: "Messages", Icon: Inbox },
  { to: "/admin/gst", label: "GST returns", Icon: Landmark },
  { to: "/admin/market-rates", label: "Market rates", Icon: LineChart },
  { to: "/admin/settings", label: "Settings", Icon: Settings },
  { to: "/admin/audit", label: "Audit log", Icon: ScrollText },
];

/** Demo customers (accounts without a password: they cannot sign in) and their reviews. */
export const seedCustomers = [
  { id: "demo-customer-1", name: "Priya Sharma", email: "priya.sharma@customers.urjacell.in" },
  { id: "demo-customer-2", name: "Rahul Mehta", email: "rahul.mehta@customers.urjacell.in" },
  { id: "demo-customer-3", name: "Anitha Rao", email: "anitha.rao@customers.urjacell.in" },
  { id: "demo-customer-4", name: "Imran Qureshi", email: "imran.qureshi@customers.urjacell.in" },
];

export const seedReviews: { model: string; customer: string; rating: number; body: string }[] = [
  {
    model: "DRIVE-40L",
    customer: "demo-customer-1",
    rating: 5,
    body: "Fitted in my Swift in ten minutes. Starts first time every morning, even after a week parked.",
  },
  {
    model: "DRIVE-40L",
    customer: "demo-customer-2",
    rating: 4,
    body: "Good battery for the price. Delivery took two days instead of one.",
  },
  {
    model: "DRIVE-65R",
    customer: "demo-customer-2",
    rating: 5,
    body: "Replaced the original in my Creta diesel. Cranking is noticeably stronger.",
  },
  {
    model: "HOME-150T",
    customer: "demo-customer-3",
    rating: 5,
    body: "Runs two fans, lights and the router for over four hours during power cuts.",
  },
  {
    model: "HOME-150T",
    customer: "demo-customer-1",
    rating: 4,
    body: "Solid backup. It is heavy, so ask for installation.",
  },
  {
    model: "RIDE-9B",
    customer: "demo-customer-4",
    rating: 5,
    body: "My Classic 350 starts on the button again. No more kick-starting in winter.",
  },
  {
    model: "RIDE-4S",
    customer: "demo-customer-3",
    rating: 3,
    body: "Works fine in my Activa, but the terminals needed a little bending to fit.",
  },
];

/** How-to answers of Help & Support, by area; `admin` answers show to admins only, `member` ones to the rest. */
export interface HelpAnswer {
  question: string;
  answer: string;
  audience: 'everyone' | 'admin' | 'member';
}

export interface HelpTopic {
  key: 'cards' | 'requests' | 'approvals' | 'funding';
  title: string;
  answers: HelpAnswer[];
}

export const HELP_TOPICS: HelpTopic[] = [
  {
    key: 'cards',
    title: 'Cards',
    answers: [
      {
        audience: 'member',
        question: 'Where are my cards?',
        answer:
          'Open My Cards in the sidebar. Each card opens its Card Details: the balance available to spend, and its pending and posted transactions.',
      },
      {
        audience: 'everyone',
        question: 'How do I see the full card number and CVC?',
        answer:
          'On the card’s page choose Show Details. For your security you are asked for your password; after that the details show without asking again for 3 hours.',
      },
      {
        audience: 'everyone',
        question: 'Why can’t my card be activated?',
        answer:
          'The card issuer’s terms must be accepted first. The terms open when you sign in; read the three steps and choose Accept. Then an admin can activate the card.',
      },
      {
        audience: 'admin',
        question: 'How do I issue a card?',
        answer:
          'Go to Cards and choose Add New Card (or Quick Actions → Add New Card on the dashboard). ' +
          'Pick the person, virtual or physical, and the names and addresses. ' +
          'New cards start inactive: activate them from the card’s page or from the list’s Action menu.',
      },
      {
        audience: 'admin',
        question: 'How do I activate or deactivate cards?',
        answer:
          'On a card’s page use Activate Card or Deactivate Card. In the Cards list view select several rows and use Action → Activate Card(s) or Deactivate Card(s).',
      },
    ],
  },
  {
    key: 'requests',
    title: 'Purchase requests',
    answers: [
      {
        audience: 'everyone',
        question: 'How do I ask for money on my card?',
        answer:
          'Open Request and choose Add Request, or Request Funds on the card’s page. ' +
          'Enter the amount, the card, your team and a category. ' +
          'Once every approver of your team has approved, the amount is added to the card.',
      },
      {
        audience: 'everyone',
        question: 'Can a request repeat?',
        answer:
          'Yes: set an interval (every 7, 30 or 365 days) with a start and an end date. Each period is funded once while the recurring request is active. My Recurring Request lists them.',
      },
      {
        audience: 'everyone',
        question: 'How do I delete a request?',
        answer:
          'In My Request open the row’s menu and choose Delete Request, or select several rows and use Discard Request(s).',
      },
    ],
  },
  {
    key: 'approvals',
    title: 'Approvals',
    answers: [
      {
        audience: 'everyone',
        question: 'How do I approve or reject a request?',
        answer:
          'Requests waiting for you are under Request → Pending Request. ' +
          'Open one, add a comment if you like, and approve or reject it. ' +
          'You can also use the links in the approval mail. Approvers decide in the order of the team’s approval path.',
      },
      {
        audience: 'everyone',
        question: 'Why does it say “User ID not found in the approvals for this purchase request”?',
        answer:
          'Only the people on the request’s approval path can decide it. Ask an admin to add you to the team’s approval path if you should be one of them.',
      },
      {
        audience: 'admin',
        question: 'How do I change a team’s approval path?',
        answer:
          'Open Teams, then the team’s View Details. On the right, add approvers, drag them into order, or remove them.',
      },
      {
        audience: 'admin',
        question: 'Can I decide a request without waiting for the approvers?',
        answer:
          'Yes: Force Approve or Force Reject on the dashboard’s Purchase Request panel or in the request’s details. The decision is noted as made by an admin.',
      },
    ],
  },
  {
    key: 'funding',
    title: 'Funding',
    answers: [
      {
        audience: 'member',
        question: 'How much can I spend?',
        answer:
          'Your dashboard shows Available To Spend across your cards: what was put on them minus purchases still pending. To get more, file a purchase request.',
      },
      {
        audience: 'admin',
        question: 'How do I add money to the organisation?',
        answer:
          'Account Settings → Account Funding → Add Funds (or Quick Actions → Add Funds). Statements are under View Statements.',
      },
      {
        audience: 'admin',
        question: 'How do I fund a card?',
        answer:
          'On the card’s page choose Fund Card and enter the amount it should have available. To fund several, select them in the Cards list and use Action → Fund Card(s).',
      },
    ],
  },
];

export function answersFor(topic: HelpTopic, admin: boolean): HelpAnswer[] {
  return topic.answers.filter(
    (answer) => answer.audience === 'everyone' || answer.audience === (admin ? 'admin' : 'member'),
  );
}

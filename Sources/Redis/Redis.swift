// Redis
